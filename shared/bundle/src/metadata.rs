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
