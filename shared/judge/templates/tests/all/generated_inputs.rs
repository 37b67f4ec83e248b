//! Every generated input is valid: the generator's walk, 20 seeds at size 1 and 10,
//! and a judge-scale one.

#[allow(dead_code)]
#[path = "../../src/bin/validate.rs"]
mod validator;

#[test]
fn generated_inputs_are_valid() {
    let mut random: Vec<(u64, &str)> = (0..20).map(|seed| (seed, "1")).collect();
    random.extend((0..20).map(|seed| (seed, "10")));
    random.push((0, "max"));
    judge_check::validate::assert_generated_inputs_valid(
        validator::validate,
        env!("CARGO_BIN_EXE_@NAME@-gen"),
        &random,
    );
}
