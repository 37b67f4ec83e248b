//! The workspace as `cargo metadata` resolves it: every package at the version
//! Cargo.lock pins, where Cargo unpacked its source, its enabled features and its
//! dependencies.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// One resolved package.
#[derive(Clone, Debug)]
pub struct Package {
    pub id: String,
    pub name: String,
    pub version: String,
    pub edition: String,
    pub license: Option<String>,
    pub license_file: Option<String>,
    pub authors: Vec<String>,
    pub repository: Option<String>,
    /// The oldest Rust it declares it builds on (`rust-version`), if any.
    pub rust_version: Option<String>,
    pub manifest_dir: PathBuf,
    /// The library target's root file and crate types.
    pub lib: Option<(PathBuf, Vec<String>)>,
    /// Binary targets: name and root file.
    pub bins: Vec<(String, PathBuf)>,
    pub has_build_script: bool,
}

/// A dependency edge: the name the dependent uses for it, and its package id.
#[derive(Clone, Debug)]
pub struct Dependency {
    pub name: String,
    pub package: String,
}

/// What `cargo metadata` says about a workspace.
#[derive(Debug)]
pub struct Metadata {
    pub packages: HashMap<String, Package>,
    /// Normal (not dev, not build) dependencies of each package.
    pub dependencies: HashMap<String, Vec<Dependency>>,
    pub features: HashMap<String, Vec<String>>,
    pub workspace_members: Vec<String>,
}

fn text(value: &Value, key: &str) -> Option<String> {
    value.get(key).and_then(Value::as_str).map(str::to_string)
}

fn strings(value: Option<&Value>) -> Vec<String> {
    value
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|item| item.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn package(value: &Value) -> Result<Package, String> {
    let field = |key| text(value, key).ok_or_else(|| format!("package without `{key}`"));
    let manifest_path = PathBuf::from(field("manifest_path")?);
    let mut lib = None;
    let mut bins = Vec::new();
    let mut has_build_script = false;
    for target in value
        .get("targets")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let kinds = strings(target.get("kind"));
        let src_path = PathBuf::from(text(target, "src_path").unwrap_or_default());
        let name = text(target, "name").unwrap_or_default();
        if kinds.iter().any(|kind| kind == "custom-build") {
            has_build_script = true;
        } else if kinds.iter().any(|kind| kind == "bin") {
            bins.push((name, src_path));
        } else if kinds
            .iter()
            .any(|kind| matches!(kind.as_str(), "lib" | "rlib" | "proc-macro"))
        {
            lib = Some((src_path, strings(target.get("crate_types"))));
        }
    }
    Ok(Package {
        id: field("id")?,
        name: field("name")?,
        version: field("version")?,
        edition: field("edition")?,
        license: text(value, "license"),
        license_file: text(value, "license_file"),
        authors: strings(value.get("authors")),
        repository: text(value, "repository"),
        rust_version: text(value, "rust_version"),
        manifest_dir: manifest_path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default(),
        lib,
        bins,
        has_build_script,
    })
}

impl Metadata {
    /// Runs `cargo metadata` for the workspace of `manifest_path` (or of the
    /// current folder). Cargo fetches any missing source at its locked version.
    ///
    /// # Errors
    /// When cargo fails or prints something unexpected.
    pub fn load(manifest_path: Option<&Path>) -> Result<Metadata, String> {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut command = Command::new(cargo);
        command.args(["metadata", "--format-version", "1"]);
        if let Some(path) = manifest_path {
            command.arg("--manifest-path").arg(path);
        }
        let output = command
            .output()
            .map_err(|error| format!("cannot run cargo metadata: {error}"))?;
        if !output.status.success() {
            return Err(format!(
                "cargo metadata failed:\n{}",
                String::from_utf8_lossy(&output.stderr)
            ));
        }
        let json: Value = serde_json::from_slice(&output.stdout)
            .map_err(|error| format!("cargo metadata printed invalid JSON: {error}"))?;
        Metadata::from_json(&json)
    }

    fn from_json(json: &Value) -> Result<Metadata, String> {
        let mut packages = HashMap::new();
        for value in json
            .get("packages")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let package = package(value)?;
            packages.insert(package.id.clone(), package);
        }
        let mut dependencies = HashMap::new();
        let mut features = HashMap::new();
        let nodes = json
            .pointer("/resolve/nodes")
            .and_then(Value::as_array)
            .ok_or("cargo metadata has no resolve graph")?;
        for node in nodes {
            let id = text(node, "id").ok_or("resolve node without id")?;
            let mut normal = Vec::new();
            for dep in node
                .get("deps")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let is_normal = dep
                    .get("dep_kinds")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .any(|kind| kind.get("kind").is_none_or(Value::is_null));
                if is_normal {
                    normal.push(Dependency {
                        name: text(dep, "name").unwrap_or_default(),
                        package: text(dep, "pkg").unwrap_or_default(),
                    });
                }
            }
            dependencies.insert(id.clone(), normal);
            features.insert(id, strings(node.get("features")));
        }
        Ok(Metadata {
            packages,
            dependencies,
            features,
            workspace_members: strings(json.get("workspace_members")),
        })
    }

    /// The workspace member named `name`.
    pub fn member(&self, name: &str) -> Option<&Package> {
        self.workspace_members
            .iter()
            .filter_map(|id| self.packages.get(id))
            .find(|package| package.name == name)
    }

    /// The normal dependencies of `package` by the name its code uses.
    pub fn dependencies_of(&self, package: &str) -> Vec<Dependency> {
        self.dependencies.get(package).cloned().unwrap_or_default()
    }

    /// Every normal dependency of any workspace member, by name; a name that
    /// stands for two different packages is left out (ambiguous).
    pub fn workspace_dependencies(&self) -> Vec<Dependency> {
        let mut by_name: HashMap<String, Option<String>> = HashMap::new();
        for member in &self.workspace_members {
            for dependency in self.dependencies_of(member) {
                by_name
                    .entry(dependency.name.clone())
                    .and_modify(|package| {
                        if package.as_deref() != Some(dependency.package.as_str()) {
                            *package = None;
                        }
                    })
                    .or_insert(Some(dependency.package));
            }
        }
        let mut dependencies: Vec<Dependency> = by_name
            .into_iter()
            .filter_map(|(name, package)| package.map(|package| Dependency { name, package }))
            .collect();
        dependencies.sort_by(|a, b| a.name.cmp(&b.name));
        dependencies
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// `cargo metadata`'s shape: two members, `app` (a lib, two bins and a build
    /// script) and `tool`, both using a crate they call `rand`, each another.
    fn workspace() -> Value {
        let package = |id: &str, name: &str, targets: Value| {
            json!({
                "id": id, "name": name, "version": "1.0.0", "edition": "2021",
                "license": "MIT", "authors": ["Ann", 7], "rust_version": "1.70",
                "manifest_path": format!("/w/{name}/Cargo.toml"), "targets": targets,
            })
        };
        json!({
            "packages": [
                package("app 1", "app", json!([
                    {"kind": ["lib"], "name": "app", "src_path": "/w/app/src/lib.rs", "crate_types": ["lib"]},
                    {"kind": ["bin"], "name": "app", "src_path": "/w/app/src/main.rs"},
                    {"kind": ["bin"], "name": "extra", "src_path": "/w/app/src/bin/extra.rs"},
                    {"kind": ["custom-build"], "name": "build-script-build", "src_path": "/w/app/build.rs"},
                ])),
                package("tool 1", "tool", json!([
                    {"kind": ["proc-macro"], "name": "tool", "src_path": "/w/tool/src/lib.rs", "crate_types": ["proc-macro"]},
                ])),
                package("rand 0.8", "rand", json!([])),
                package("rand 0.9", "rand", json!([])),
                package("util 1", "util", json!([])),
            ],
            "workspace_members": ["app 1", "tool 1"],
            "resolve": {"nodes": [
                {"id": "app 1", "features": ["default", "fast"], "deps": [
                    {"name": "rand", "pkg": "rand 0.8", "dep_kinds": [{"kind": null}]},
                    {"name": "util", "pkg": "util 1", "dep_kinds": [{"kind": "dev"}, {"kind": null}]},
                    {"name": "cc", "pkg": "cc 1", "dep_kinds": [{"kind": "build"}]},
                ]},
                {"id": "tool 1", "deps": [
                    {"name": "rand", "pkg": "rand 0.9", "dep_kinds": [{}]},
                    {"name": "util", "pkg": "util 1", "dep_kinds": [{"kind": null}]},
                    {"name": "quickcheck", "pkg": "quickcheck 1", "dep_kinds": [{"kind": "dev"}]},
                ]},
            ]},
        })
    }

    fn names(dependencies: &[Dependency]) -> Vec<String> {
        dependencies
            .iter()
            .map(|dependency| format!("{}={}", dependency.name, dependency.package))
            .collect()
    }

    #[test]
    fn packages_targets_and_normal_dependencies_are_read() {
        let metadata = Metadata::from_json(&workspace()).unwrap();
        let app = metadata.member("app").unwrap();
        assert_eq!(app.manifest_dir, Path::new("/w/app"));
        assert_eq!(app.authors, ["Ann"]);
        assert_eq!(app.license.as_deref(), Some("MIT"));
        assert_eq!(app.license_file, None);
        assert_eq!(app.rust_version.as_deref(), Some("1.70"));
        assert_eq!(
            app.lib,
            Some(("/w/app/src/lib.rs".into(), vec!["lib".to_string()]))
        );
        let bins: Vec<&str> = app.bins.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(bins, ["app", "extra"]);
        assert!(app.has_build_script);
        let tool = metadata.member("tool").unwrap();
        assert_eq!(tool.lib.as_ref().unwrap().1, ["proc-macro"]);
        assert!(!tool.has_build_script && tool.bins.is_empty());
        assert!(metadata.member("rand").is_none(), "not a member");
        assert_eq!(
            names(&metadata.dependencies_of("app 1")),
            ["rand=rand 0.8", "util=util 1"]
        );
        assert_eq!(
            names(&metadata.dependencies_of("tool 1")),
            ["rand=rand 0.9", "util=util 1"]
        );
        assert!(metadata.dependencies_of("nobody").is_empty());
        assert_eq!(metadata.features["app 1"], ["default", "fast"]);
        assert!(metadata.features["tool 1"].is_empty());
    }

    #[test]
    fn a_name_the_members_use_for_two_packages_is_left_out() {
        let metadata = Metadata::from_json(&workspace()).unwrap();
        assert_eq!(names(&metadata.workspace_dependencies()), ["util=util 1"]);
        let mut one_member = workspace();
        one_member["workspace_members"] = json!(["tool 1"]);
        let metadata = Metadata::from_json(&one_member).unwrap();
        assert_eq!(
            names(&metadata.workspace_dependencies()),
            ["rand=rand 0.9", "util=util 1"]
        );
    }

    #[test]
    fn what_is_not_cargo_metadata_is_an_error() {
        let error = |json: Value| Metadata::from_json(&json).unwrap_err();
        let mut no_resolve = workspace();
        no_resolve["resolve"] = Value::Null;
        assert_eq!(error(no_resolve), "cargo metadata has no resolve graph");
        let mut no_id = workspace();
        no_id["resolve"]["nodes"][0]["id"] = Value::Null;
        assert_eq!(error(no_id), "resolve node without id");
        let mut no_name = workspace();
        no_name["packages"][1]["name"] = json!(3);
        assert_eq!(error(no_name), "package without `name`");
    }
}
