//! `bundle`: one judge-ready Rust file from a problem's main.rs and the real
//! source of the crates it uses, for judges that offer std alone.
//!
//! ```text
//! bundle PROBLEM [-o FILE] [--manifest-path PATH] [--allow-oversize]
//! bundle --main FILE [-o FILE] [--manifest-path PATH] [--allow-oversize]
//! bundle rlibs NAME... < cargo build --message-format=json output
//! ```
//!
//! The bundle is main.rs byte for byte (except that proconio's `#[fastout]` is
//! expanded: `fastout.rs`), then one `mod <crate> { ... }` per crate it uses
//! (transitively), read from Cargo's registry at the versions Cargo.lock pins,
//! each under its license notice, with doc comments, tests and disabled features
//! left out (`load.rs`), pruned first by name (`prune.rs`) and then by what rustc
//! reports unused (`shrink.rs`), with the substitutions of `substitute.rs`. It
//! compiles with `rustc --edition 2021 -O FILE` on Rust 1.63 and later. Over
//! 64 KiB it is an error unless `--allow-oversize` is given.

mod cfg;
mod emit;
mod fastout;
mod load;
mod metadata;
mod prune;
mod shrink;
mod substitute;
mod tokens;

use std::collections::{HashMap, HashSet};
use std::ffi::OsString;
use std::fs;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use proc_macro2::TokenStream;
use quote::ToTokens;

use load::{load_crate, LoadedCrate};
use metadata::{Dependency, Metadata};
use tokens::mentions_path_root;

const USAGE: &str = "\
usage:
  bundle PROBLEM [-o FILE] [--manifest-path PATH] [--allow-oversize]
      Bundles the main binary of workspace member PROBLEM (its src/main.rs) with
      the crates it uses into one file that compiles with
      `rustc --edition 2021 -O FILE`. Prints it, or writes it to FILE.
      Over 64 KiB it fails and writes nothing, unless --allow-oversize.
      Needs rustc (or $RUSTC): what rustc reports unused is left out.
  bundle --main FILE [-o FILE] [--manifest-path PATH] [--allow-oversize]
      The same for any main file, taking crates from the workspace's dependencies.
  bundle rlibs NAME...
      Reads `cargo build --message-format=json` output on stdin and prints
      NAME=PATH of each named library's .rlib (for rustc --extern).
environment:
  BUNDLE_DEBUG=1  stderr shows, round by round, the items pruning keeps, and
      each trial of shrinking: its sizes, and rustc's errors if it fails.";

/// The judges' usual limit on a submission's size.
const SIZE_LIMIT: usize = 64 * 1024;

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let result = match parse_args(&args) {
        Ok(Command::Bundle(options)) => run(&options),
        Ok(Command::Rlibs(names)) => rlibs(&names),
        Ok(Command::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => Err(message),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("bundle: {message}");
            if message.starts_with("usage") {
                eprintln!("\n{USAGE}");
            }
            ExitCode::FAILURE
        }
    }
}

enum Command {
    Bundle(Options),
    /// The library names whose .rlib paths to print.
    Rlibs(Vec<String>),
    Help,
}

/// What to bundle and where to put it.
struct Options {
    problem: Option<String>,
    main: Option<PathBuf>,
    output: Option<PathBuf>,
    manifest_path: Option<PathBuf>,
    allow_oversize: bool,
}

fn parse_args(args: &[OsString]) -> Result<Command, String> {
    use lexopt::prelude::*;
    let usage = |error: lexopt::Error| format!("usage: {error}");
    if args.first().is_some_and(|arg| arg == "rlibs") {
        let names = args[1..]
            .iter()
            .map(|name| name.to_string_lossy().into_owned());
        return Ok(Command::Rlibs(names.collect()));
    }
    let mut parser = lexopt::Parser::from_args(args);
    let mut options = Options {
        problem: None,
        main: None,
        output: None,
        manifest_path: None,
        allow_oversize: false,
    };
    while let Some(arg) = parser.next().map_err(usage)? {
        match arg {
            Short('h') | Long("help") => return Ok(Command::Help),
            Short('o') | Long("output") => {
                options.output = Some(parser.value().map_err(usage)?.into())
            }
            Long("main") => options.main = Some(parser.value().map_err(usage)?.into()),
            Long("manifest-path") => {
                options.manifest_path = Some(parser.value().map_err(usage)?.into())
            }
            Long("allow-oversize") => options.allow_oversize = true,
            Value(name) if options.problem.is_none() => {
                options.problem = Some(name.string().map_err(usage)?);
            }
            _ => return Err(usage(arg.unexpected())),
        }
    }
    if options.problem.is_some() == options.main.is_some() {
        return Err("usage: give either PROBLEM or --main FILE".to_string());
    }
    Ok(Command::Bundle(options))
}

fn run(options: &Options) -> Result<(), String> {
    let metadata = Metadata::load(options.manifest_path.as_deref())?;
    let (main_path, candidates) = match (&options.problem, &options.main) {
        (Some(problem), _) => {
            let package = metadata
                .member(problem)
                .ok_or_else(|| format!("no workspace member named {problem}"))?;
            let main = package
                .bins
                .iter()
                .find(|(name, _)| name == problem)
                .or_else(|| {
                    package
                        .bins
                        .iter()
                        .find(|(_, path)| path.ends_with("src/main.rs"))
                })
                .map(|(_, path)| path.clone())
                .ok_or_else(|| format!("{problem} has no binary named {problem}"))?;
            (main, metadata.dependencies_of(&package.id))
        }
        (None, Some(main)) => (main.clone(), metadata.workspace_dependencies()),
        (None, None) => unreachable!("parse_args requires one"),
    };
    let main_text = fs::read_to_string(&main_path)
        .map_err(|error| format!("{}: {error}", main_path.display()))?;
    let bundle = bundle(&metadata, &main_text, &candidates)
        .map_err(|error| format!("{}: {error}", main_path.display()))?;
    if bundle.len() > SIZE_LIMIT {
        if !options.allow_oversize {
            return Err(format!(
                "{}: the bundle would be {} bytes, over the usual judge limit of {SIZE_LIMIT} \
                 (64 KiB); nothing written (--allow-oversize writes it anyway)",
                main_path.display(),
                bundle.len()
            ));
        }
        eprintln!(
            "bundle: warning: {} bytes, over the usual judge limit of {SIZE_LIMIT}",
            bundle.len()
        );
    }
    match &options.output {
        Some(path) => {
            fs::write(path, &bundle).map_err(|error| format!("{}: {error}", path.display()))
        }
        None => io::stdout()
            .write_all(bundle.as_bytes())
            .map_err(|error| error.to_string()),
    }
}

/// Refuses main.rs constructs that cannot work once the crates are modules.
fn check_main(main: &syn::File, crates: &[String]) -> Result<(), String> {
    fn nested(items: &[syn::Item], crates: &[String]) -> Result<(), String> {
        for item in items {
            match item {
                syn::Item::ExternCrate(extern_crate)
                    if crates.contains(&extern_crate.ident.to_string()) =>
                {
                    return Err(format!(
                        "`extern crate {}` cannot be bundled; write `use {}::...;` instead",
                        extern_crate.ident, extern_crate.ident
                    ));
                }
                syn::Item::Mod(module) => {
                    if let Some((_, children)) = &module.content {
                        nested(children, crates)?;
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }
    nested(&main.items, crates)
}

/// main.rs with `crate::` before the paths to bundled crates inside its `mod`
/// blocks (`use proconio::input;` there becomes `use crate::proconio::input;`),
/// and `crate` before absolute ones (`::proconio::input` anywhere).
fn reach_crates_from_modules(main_text: &str, crates: &[String]) -> Result<String, String> {
    let tokens: TokenStream = main_text
        .parse()
        .map_err(|error| format!("does not parse: {error:?}"))?;
    let crates: HashSet<String> = crates.iter().cloned().collect();
    let mut insertions = Vec::new();
    tokens::crate_path_insertions(tokens, &crates, false, &mut insertions);
    let edits = insertions
        .into_iter()
        .map(|(offset, text)| (offset..offset, text.to_string()))
        .collect();
    Ok(shrink::apply(main_text, edits))
}

/// A bundle builds on Rust 1.63 unless a crate in it declares a newer
/// `rust-version` that the substitutions do not lower (ac-library-rs 0.2.0: 1.70).
/// Says so in the header, for the judges that run an older rustc.
fn rust_version_note(loaded: &[LoadedCrate]) -> String {
    // As [major, minor, patch], so that "1.63.0" is not newer than "1.63".
    let parse = |version: &str| -> [u32; 3] {
        let mut parts = version.split('.').map(|part| part.parse().unwrap_or(0));
        [0; 3].map(|_| parts.next().unwrap_or(0))
    };
    let newest = loaded
        .iter()
        .filter(|c| !substitute::builds_on_1_63(&c.package.name, &c.package.version))
        .filter_map(|c| Some((c, c.package.rust_version.as_deref()?)))
        .filter(|(_, version)| parse(version) > parse("1.63"))
        .max_by_key(|(_, version)| parse(version));
    match newest {
        Some((c, version)) => format!(
            "// Needs rustc {version} or later: {} {} declares rust-version {version}.\n",
            c.package.name, c.package.version
        ),
        None => String::new(),
    }
}

/// Loads, prunes and writes out everything `main_text` needs from `candidates`.
fn bundle(
    metadata: &Metadata,
    main_text: &str,
    candidates: &[Dependency],
) -> Result<String, String> {
    let written = main_text;
    let main_text = &fastout::expand(main_text)?;
    let main_file =
        syn::parse_file(main_text).map_err(|error| format!("does not parse: {error}"))?;
    let main_tokens: TokenStream = main_file.to_token_stream();
    let mut wanted: Vec<Dependency> = candidates
        .iter()
        .filter(|dependency| mentions_path_root(main_tokens.clone(), &dependency.name))
        .cloned()
        .collect();
    let mut loaded: Vec<LoadedCrate> = Vec::new();
    let mut by_name: HashMap<String, String> = HashMap::new();
    loop {
        for dependency in wanted.drain(..) {
            match by_name.get(&dependency.name) {
                Some(package) if *package == dependency.package => continue,
                Some(package) => {
                    return Err(format!(
                        "two crates named {} ({package} and {}) cannot both be bundled",
                        dependency.name, dependency.package
                    ))
                }
                None => {}
            }
            let package = metadata
                .packages
                .get(&dependency.package)
                .ok_or_else(|| format!("cargo metadata lacks {}", dependency.package))?;
            let resolved: HashSet<String> = metadata
                .features
                .get(&dependency.package)
                .into_iter()
                .flatten()
                .cloned()
                .collect();
            let features = substitute::features(&package.name, &resolved);
            loaded.push(load_crate(&dependency.name, package, &features)?);
            by_name.insert(dependency.name.clone(), dependency.package.clone());
        }
        let names: Vec<String> = loaded.iter().map(|c| c.name.clone()).collect();
        check_main(&main_file, &names)?;

        let mut pruned: Vec<Vec<syn::Item>> = loaded.iter().map(|c| c.items.clone()).collect();
        let dependencies: Vec<Vec<usize>> = loaded
            .iter()
            .map(|c| {
                metadata
                    .dependencies_of(&c.package.id)
                    .iter()
                    .filter_map(|dependency| names.iter().position(|n| *n == dependency.name))
                    .collect()
            })
            .collect();
        {
            let mut lists: Vec<(&str, &mut Vec<syn::Item>)> = loaded
                .iter()
                .map(|c| c.name.as_str())
                .zip(pruned.iter_mut())
                .collect();
            prune::prune(&mut lists, &dependencies, main_tokens.clone());
        }
        // Dependencies the kept code of an inlined crate uses come in too.
        for (loaded_crate, items) in loaded.iter().zip(&pruned) {
            let tokens = quote::quote!(#(#items)*);
            for dependency in metadata.dependencies_of(&loaded_crate.package.id) {
                if !by_name.contains_key(&dependency.name)
                    && mentions_path_root(tokens.clone(), &dependency.name)
                {
                    wanted.push(dependency);
                }
            }
        }
        if wanted.is_empty() {
            for (loaded_crate, items) in loaded.iter_mut().zip(pruned) {
                loaded_crate.items = items;
            }
            break;
        }
    }

    let mut out = String::new();
    out += "// One-file bundle of a solution for judges without crates: main.rs as written,\n";
    out += "// then the crates it uses as modules (see their notices below). Generated by\n";
    out += "// scripts/bundle.sh; edit main.rs and bundle again instead of editing this.\n";
    if main_text != written {
        out += "// proconio's #[fastout] is expanded below as proconio-derive 0.2.1 expands it.\n";
    }
    out += &rust_version_note(&loaded);
    let names: Vec<String> = loaded.iter().map(|c| c.name.clone()).collect();
    let reaching = reach_crates_from_modules(main_text, &names)?;
    if reaching != *main_text {
        out += "// Paths to the crates in main.rs's modules, and absolute ones (`::name::`),\n";
        out += "// start with `crate::` here.\n";
    }
    out += reaching.trim_end();
    out += "\n";
    if loaded.iter().any(|c| c.needs_alloc) {
        out += "\nextern crate alloc;\n";
    }
    let crates_start = out.len();
    for loaded_crate in &loaded {
        let inlined: HashSet<String> = metadata
            .dependencies_of(&loaded_crate.package.id)
            .into_iter()
            .map(|dependency| dependency.name)
            .filter(|name| by_name.contains_key(name))
            .collect();
        out += "\n";
        out += &emit::module(loaded_crate, &inlined)?;
    }
    syn::parse_file(&out).map_err(|error| format!("the bundle does not parse: {error}"))?;
    if loaded.is_empty() {
        return Ok(out);
    }
    let out = shrink::shrink(out, crates_start)?;
    shrink::narrow_indentation(&out, crates_start)
}

/// `bundle rlibs NAME...`: the .rlib of each named library in Cargo's JSON
/// messages on stdin.
fn rlibs(names: &[String]) -> Result<(), String> {
    if names.is_empty() {
        return Err("usage: rlibs needs library names".to_string());
    }
    let mut found: HashMap<String, String> = HashMap::new();
    for line in io::stdin().lock().lines() {
        let line = line.map_err(|error| error.to_string())?;
        let Ok(message) = serde_json::from_str::<serde_json::Value>(&line) else {
            continue;
        };
        if message.get("reason").and_then(|r| r.as_str()) != Some("compiler-artifact") {
            continue;
        }
        let Some(name) = message.pointer("/target/name").and_then(|n| n.as_str()) else {
            continue;
        };
        if !names.iter().any(|wanted| wanted == name) {
            continue;
        }
        for file in message
            .get("filenames")
            .and_then(|f| f.as_array())
            .into_iter()
            .flatten()
            .filter_map(|f| f.as_str())
        {
            if Path::new(file).extension().is_some_and(|ext| ext == "rlib") {
                if let Some(previous) = found.insert(name.to_string(), file.to_string()) {
                    if previous != file {
                        return Err(format!(
                            "two different {name} libraries: {previous} and {file}"
                        ));
                    }
                }
            }
        }
    }
    // All or nothing: a script reading the lines never gets a partial list.
    let lines = names
        .iter()
        .map(|name| match found.get(name) {
            Some(path) => Ok(format!("{name}={path}")),
            None => Err(format!("no .rlib for {name} in cargo's messages")),
        })
        .collect::<Result<Vec<_>, _>>()?;
    println!("{}", lines.join("\n"));
    Ok(())
}
