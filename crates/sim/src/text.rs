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

/// Rounds half away from zero (libm's: one copy of it in a wasm bundle).
pub fn round(v: f64) -> f64 {
    libm::round(v)
}

/// A number as [`num`] shows it: rounded (three significant figures below 100, whole above) and
/// how many decimals that leaves (for a locale's own formatting of the same figure).
pub fn shown(v: f64) -> (f64, u32) {
    if !v.is_finite() || v.abs() >= 100.0 || v == 0.0 {
        return (if v.is_finite() { libm::round(v) } else { v }, 0);
    }
    let r = crate::params::round_sig(v, 3);
    (r, (2 - libm::floor(libm::log10(r.abs())) as i32).clamp(0, 15) as u32)
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

/// A duration given in milliseconds: in ms below ten seconds, in seconds from there
/// (`42.5` → `42.5 ms`, `516785` → `517 s`).
pub fn ms(v: f64) -> String {
    if v.is_finite() && v.abs() >= 10_000.0 { format!("{} s", num(v / 1000.0)) } else { format!("{} ms", num(v)) }
}

/// A percentage with a sensible number of decimals: `0.00025` → `0.025 %`.
pub fn percent(fraction: f64) -> String {
    format!("{} %", num(fraction * 100.0))
}

/// A time of day from seconds since midnight: `78600` → `21:50`, `78620` → `21:50:20` (seconds
/// shown only when there are some). Midnight at the end of the day is `24:00`; later times wrap
/// (`00:10`).
pub fn clock(seconds: f64) -> String {
    if !seconds.is_finite() {
        return "–".into();
    }
    let s = libm::round(seconds) as i64;
    if s == 86_400 {
        // The end of the day, as a parameter's upper bound writes it (and reads it back).
        return "24:00".into();
    }
    let s = s.rem_euclid(86_400);
    let (h, m, sec) = (s / 3600, s / 60 % 60, s % 60);
    if sec == 0 { format!("{h:02}:{m:02}") } else { format!("{h:02}:{m:02}:{sec:02}") }
}

/// Reads `HH:MM` or `HH:MM:SS` (24-hour; `24:00` allowed for midnight at the end of a day) into
/// seconds since midnight.
pub fn parse_clock(t: &str) -> Option<f64> {
    let field = |p: Option<&str>, max: u32| -> Option<u32> {
        let p = p?;
        if p.is_empty() || p.len() > 2 || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        p.parse::<u32>().ok().filter(|&v| v <= max)
    };
    let mut parts = t.trim().split(':');
    let h = field(parts.next(), 24)?;
    let m = field(parts.next(), 59)?;
    let s = match parts.next() {
        None => 0,
        some => field(some, 59)?,
    };
    if parts.next().is_some() || (h == 24 && (m, s) != (0, 0)) {
        return None;
    }
    Some(f64::from(h * 3600 + m * 60 + s))
}

#[cfg(test)]
mod tests {
    #[test]
    fn clocks() {
        assert_eq!(clock(78_600.0), "21:50");
        assert_eq!(clock(78_620.0), "21:50:20");
        assert_eq!(clock(86_400.0 + 600.0), "00:10");
        assert_eq!(clock(86_400.0), "24:00");
        assert_eq!(parse_clock("21:50"), Some(78_600.0));
        assert_eq!(parse_clock(" 21:50:20 "), Some(78_620.0));
        assert_eq!(parse_clock("9:05"), Some(32_700.0));
        assert_eq!(parse_clock("24:00"), Some(86_400.0));
        for bad in ["", "21", "21:", "21:60", "25:00", "24:01", "21:50:61", "21:50:00:00", "-1:00", "21:5x", "2150", "１２:00"] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
    }

    use super::*;

    #[test]
    fn ints() {
        assert_eq!(int(0), "0");
        assert_eq!(int(999), "999");
        assert_eq!(int(1000), "1,000");
        assert_eq!(int(-1234567), "-1,234,567");
    }

    #[test]
    fn durations() {
        assert_eq!(ms(42.5), "42.5 ms");
        assert_eq!(ms(9999.0), "9,999 ms");
        assert_eq!(ms(516_785.0), "517 s");
        assert_eq!(ms(12_000.0), "12 s");
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
