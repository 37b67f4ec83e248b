//! The grammar of a decimal number, as a float comparison and a checker read one.

use crate::show;

/// A token's value when it is a decimal number: an optional sign, digits with
/// an optional fraction, and an optional exponent (`12`, `-0.5`, `.5`, `1.`,
/// `3E-7`).
///
/// # Errors
/// Why it is not one, for a message: anything else (`nan`, `inf`, `0x10`,
/// `1,5`, a word), and a number out of a double's range (`1e400`).
pub fn decimal(token: &[u8]) -> Result<f64, String> {
    let shown = show::escape(token, show::LINE_BYTES, true);
    let not_decimal = || format!("`{shown}` is not a decimal number");
    let text = std::str::from_utf8(token).map_err(|_| not_decimal())?;
    let unsigned = text.strip_prefix(['+', '-']).unwrap_or(text);
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, Some(exponent)),
        None => (unsigned, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |text: &str| text.bytes().all(|byte| byte.is_ascii_digit());
    let exponent_ok = exponent.is_none_or(|exponent| {
        let exponent = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
        !exponent.is_empty() && digits(exponent)
    });
    if !(digits(whole) && digits(fraction) && !(whole.is_empty() && fraction.is_empty()))
        || !exponent_ok
    {
        return Err(not_decimal());
    }
    let value: f64 = text.parse().map_err(|_| not_decimal())?;
    if value.is_finite() {
        Ok(value)
    } else {
        Err(format!("`{shown}` is out of a double's range"))
    }
}

#[cfg(test)]
mod tests {
    use super::decimal;

    #[test]
    fn numbers_are_read_with_their_values() {
        for (token, value) in [
            ("12", 12.0),
            ("-0", 0.0),
            ("+1", 1.0),
            (".5", 0.5),
            ("1.", 1.0),
            ("-0.5", -0.5),
            ("1E3", 1000.0),
            ("3e-7", 3e-7),
            ("2e+2", 200.0),
            ("1e-400", 0.0),
        ] {
            assert_eq!(decimal(token.as_bytes()), Ok(value), "{token}");
        }
    }

    #[test]
    fn anything_else_says_why_it_is_not_a_number() {
        for token in [
            "nan", "inf", "-inf", "0x10", "1,5", "YES", "", ".", "+", "1e", "1e+", "e5", "1.5.",
            "1 2", "١",
        ] {
            assert_eq!(
                decimal(token.as_bytes()),
                Err(format!("`{token}` is not a decimal number")),
                "{token:?}"
            );
        }
        assert_eq!(
            decimal(b"1e400"),
            Err("`1e400` is out of a double's range".to_string())
        );
        assert_eq!(
            decimal(b"\xff1"),
            Err("`\\xff1` is not a decimal number".to_string())
        );
    }
}
