//! `growth-toy-gen SEED SIZE`: SIZE random numbers, the toy problem's input.

fn main() -> std::process::ExitCode {
    judge::generator::generator_main::<growth::toy::Inputs>()
}
