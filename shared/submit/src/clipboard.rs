//! The system's clipboard, through the system's own tools: `wl-copy` on
//! Wayland, `xclip` or `xsel` on X11, `pbcopy` on macOS, `clip.exe` on
//! Windows. On X11 a copied text lives only while a program owns it; xclip
//! and xsel fork an owner that stays in the background after the command has
//! ended, as wl-copy does on Wayland, so the text outlives `judge submit`.
//! Without a display (over SSH, in a container) the terminal is asked with
//! OSC 52 (`ESC ] 52 ; c ; BASE64 BEL`), which tmux (with `set-clipboard on`),
//! kitty, iTerm2, WezTerm and Windows Terminal turn into a clipboard write.

use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use base64::Engine;

/// How a text reaches the clipboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Via {
    /// A program that reads the text on stdin: `wl-copy`, `xclip`, ...
    Tool {
        program: PathBuf,
        args: Vec<&'static str>,
    },
    /// The OSC 52 sequence, written to the terminal.
    Terminal,
}

impl fmt::Display for Via {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Via::Tool { program, .. } => {
                let name = program.file_name().unwrap_or(program.as_os_str());
                write!(f, "{}", name.to_string_lossy())
            }
            Via::Terminal => f.write_str("the terminal, by OSC 52"),
        }
    }
}

/// What the environment says of the desktop: read once, passed in, so that
/// tests choose without changing their own environment.
#[derive(Clone, Debug, Default)]
pub struct Desktop {
    pub wayland: bool,
    pub x11: bool,
    /// Logged in over SSH: the clipboard wanted is the user's own machine's.
    pub ssh: bool,
    /// The folders of `PATH`.
    pub path: Vec<PathBuf>,
}

impl Desktop {
    /// This process's environment.
    pub fn here() -> Desktop {
        let set = |name: &str| std::env::var_os(name).is_some_and(|value| !value.is_empty());
        Desktop {
            wayland: set("WAYLAND_DISPLAY"),
            x11: set("DISPLAY"),
            ssh: set("SSH_CONNECTION") || set("SSH_TTY"),
            path: std::env::var_os("PATH")
                .map(|path| std::env::split_paths(&path).collect())
                .unwrap_or_default(),
        }
    }

    /// The program `name` on `PATH`, if there is one.
    fn find(&self, name: &str) -> Option<PathBuf> {
        let file = format!("{name}{}", std::env::consts::EXE_SUFFIX);
        self.path
            .iter()
            .map(|folder| folder.join(&file))
            .find(|path| path.is_file())
    }
}

/// How to copy here.
///
/// # Errors
/// A message saying what is missing: a display without a tool for it (and the
/// package to install), or neither a display nor a terminal.
pub fn choose(desktop: &Desktop, terminal: bool) -> Result<Via, String> {
    let tool = |name: &str, args: &[&'static str]| {
        desktop.find(name).map(|program| Via::Tool {
            program,
            args: args.to_vec(),
        })
    };
    if cfg!(windows) {
        return tool("clip", &[]).ok_or_else(|| "no clip.exe on PATH".to_string());
    }
    if cfg!(target_os = "macos") && !desktop.ssh {
        return tool("pbcopy", &[]).ok_or_else(|| "no pbcopy on PATH".to_string());
    }
    if desktop.wayland {
        if let Some(via) = tool("wl-copy", &[]) {
            return Ok(via);
        }
    }
    if desktop.x11 {
        return tool("xclip", &["-selection", "clipboard", "-in"])
            .or_else(|| tool("xsel", &["--clipboard", "--input"]))
            .ok_or_else(|| {
                "DISPLAY is set, but neither xclip nor xsel is installed (apt-get install xclip)"
                    .to_string()
            });
    }
    if desktop.wayland {
        return Err(
            "WAYLAND_DISPLAY is set, but wl-copy is not installed (apt-get install wl-clipboard)"
                .to_string(),
        );
    }
    if terminal {
        return Ok(Via::Terminal);
    }
    Err("no clipboard: no display (DISPLAY, WAYLAND_DISPLAY) and no terminal to ask with OSC 52; --print writes the text to stdout".to_string())
}

/// The OSC 52 sequence that asks a terminal to put `text` on the clipboard.
pub fn osc52(text: &str) -> String {
    format!(
        "\x1b]52;c;{}\x07",
        base64::engine::general_purpose::STANDARD.encode(text)
    )
}

/// Copies `text` the way `via` says; `terminal` is where OSC 52 is written.
///
/// # Errors
/// When the tool cannot be started or fails, or the terminal cannot be written.
pub fn copy(text: &str, via: &Via, terminal: &Path) -> Result<(), String> {
    match via {
        Via::Terminal => {
            let mut tty = std::fs::OpenOptions::new()
                .write(true)
                .open(terminal)
                .map_err(|error| format!("{}: {error}", terminal.display()))?;
            tty.write_all(osc52(text).as_bytes())
                .and_then(|()| tty.flush())
                .map_err(|error| format!("{}: {error}", terminal.display()))
        }
        Via::Tool { program, args } => {
            // clip.exe reads UTF-16 with its byte-order mark as Unicode; any
            // other bytes in the console's code page.
            let bytes: Vec<u8> = if cfg!(windows) {
                std::iter::once(0xfeff)
                    .chain(text.encode_utf16())
                    .flat_map(u16::to_le_bytes)
                    .collect()
            } else {
                text.as_bytes().to_vec()
            };
            // The owner xclip leaves in the background must not hold this
            // command's output open: whoever reads it would wait for it.
            let mut child = Command::new(program)
                .args(args)
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .map_err(|error| format!("{}: {error}", program.display()))?;
            let written = child.stdin.take().map(|mut stdin| stdin.write_all(&bytes));
            let status = child
                .wait()
                .map_err(|error| format!("{}: {error}", program.display()))?;
            match written {
                Some(Err(error)) if error.kind() != io::ErrorKind::BrokenPipe => {
                    Err(format!("{}: {error}", program.display()))
                }
                _ if !status.success() => Err(format!("{} failed: {status}", program.display())),
                _ => Ok(()),
            }
        }
    }
}

/// Opens `url` in the browser, not waiting for it.
///
/// # Errors
/// When no opener can be started.
pub fn open(url: &str) -> Result<(), String> {
    let mut command = if cfg!(windows) {
        let mut command = Command::new("cmd");
        command.args(["/C", "start", ""]);
        command
    } else if cfg!(target_os = "macos") {
        Command::new("open")
    } else {
        Command::new("xdg-open")
    };
    command
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map(drop)
        .map_err(|error| format!("cannot open {url}: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder holding (empty) programs of these names.
    #[cfg(all(unix, not(target_os = "macos")))]
    fn path_with(dir: &Path, names: &[&str]) -> Vec<PathBuf> {
        for name in names {
            std::fs::write(
                dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX)),
                "",
            )
            .unwrap();
        }
        vec![dir.to_path_buf()]
    }

    #[cfg(all(unix, not(target_os = "macos")))]
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("clipboard-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[cfg(all(unix, not(target_os = "macos")))]
    #[test]
    fn the_display_decides_and_without_one_the_terminal_is_asked() {
        let dir = scratch("choose");
        let both = path_with(&dir, &["xclip", "wl-copy"]);
        let named = |via: Result<Via, String>| via.map(|via| via.to_string());
        let desktop = |wayland, x11, path: &[PathBuf]| Desktop {
            wayland,
            x11,
            ssh: false,
            path: path.to_vec(),
        };
        assert_eq!(
            named(choose(&desktop(true, true, &both), true)),
            Ok("wl-copy".to_string())
        );
        assert_eq!(
            named(choose(&desktop(false, true, &both), true)),
            Ok("xclip".to_string())
        );
        assert_eq!(
            named(choose(&desktop(false, false, &both), true)),
            Ok("the terminal, by OSC 52".to_string())
        );
        let none = choose(&desktop(false, true, &[]), true).unwrap_err();
        assert!(
            none.contains("neither xclip nor xsel is installed"),
            "{none}"
        );
        let nothing = choose(&desktop(false, false, &[]), false).unwrap_err();
        assert!(nothing.starts_with("no clipboard: no display"), "{nothing}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn osc52_carries_the_text_in_base64() {
        assert_eq!(
            osc52("fn main() {}\n"),
            "\x1b]52;c;Zm4gbWFpbigpIHt9Cg==\x07"
        );
    }
}
