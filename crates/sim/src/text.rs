//! Number formatting for narratives and readouts, identical natively and in the browser.

/// A whole number with thousands separators: `1234567` → `1,234,567`.
pub fn int(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if n < 0 {
        out.push('-');
    }
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A real number in a short human form: three significant figures below 100 (however small),
/// whole numbers (grouped) above, no trailing zeros: `2` → `2`, `0.25` → `0.25`, `1234.5` →
/// `1,235`, `0.00001` → `0.00001`.
pub fn num(v: f64) -> String {
    if !v.is_finite() {
        return "–".into();
    }
    if v.abs() >= 100.0 {
        return int(libm::round(v) as i64);
    }
    if v == 0.0 {
        return "0".into();
    }
    let r = crate::params::round_sig(v, 3);
    let decimals = (2 - libm::floor(libm::log10(r.abs())) as i32).clamp(0, 15) as usize;
    let s = format!("{r:.decimals$}");
    let s = if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.') } else { &s };
    if s == "-0" { "0".into() } else { s.to_string() }
}

/// A percentage with a sensible number of decimals: `0.00025` → `0.025 %`.
pub fn percent(fraction: f64) -> String {
    format!("{} %", num(fraction * 100.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ints() {
        assert_eq!(int(0), "0");
        assert_eq!(int(999), "999");
        assert_eq!(int(1000), "1,000");
        assert_eq!(int(-1234567), "-1,234,567");
    }

    #[test]
    fn nums() {
        assert_eq!(num(2.0), "2");
        assert_eq!(num(0.25), "0.25");
        assert_eq!(num(0.1), "0.1");
        assert_eq!(num(12.345), "12.3");
        assert_eq!(num(1234.5), "1,235");
        assert_eq!(percent(0.00025), "0.025 %");
        assert_eq!(num(0.0283), "0.0283");
        assert_eq!(num(1e-5), "0.00001");
        assert_eq!(num(99.96), "100");
        assert_eq!(num(-0.5), "-0.5");
        assert_eq!(percent(1e-7), "0.00001 %");
    }
}
