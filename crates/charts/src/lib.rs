//! # locklab-charts
//!
//! Every locklab chart, written once and generic over plotters' [`DrawingBackend`]: the browser
//! draws them on a canvas, native tests draw them as SVG. A chart takes the sim outcome, a
//! [`Theme`] (colours from the page's CSS, so light and dark both work) and a `scale`: the
//! device-pixel ratio, by which every size in CSS pixels is multiplied so the canvas stays crisp.

use plotters::coord::Shift;
use plotters::prelude::*;

pub mod counter_race;
pub mod fencing_chain;
pub mod fencing_sandbox;
pub mod lease;
pub mod lock_granularity;
pub mod optimistic_pessimistic;
pub mod paused_holder;
pub mod redis_failover;
pub mod redlock;
pub mod sweeper_incident;
pub mod ttl_tradeoff;

/// The font family every chart uses (named explicitly so text does not depend on a default).
pub const FONT: &str = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/// Chart colours.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theme {
    pub bg: RGBColor,
    pub fg: RGBColor,
    pub muted: RGBColor,
    pub grid: RGBColor,
    pub accent: RGBColor,
    pub good: RGBColor,
    pub bad: RGBColor,
}

impl Theme {
    pub const LIGHT: Theme = Theme {
        bg: RGBColor(0xff, 0xff, 0xff),
        fg: RGBColor(0x1f, 0x23, 0x28),
        muted: RGBColor(0x59, 0x63, 0x6e),
        grid: RGBColor(0xe4, 0xe7, 0xeb),
        accent: RGBColor(0x1f, 0x6f, 0xeb),
        good: RGBColor(0x1a, 0x7f, 0x37),
        bad: RGBColor(0xcf, 0x22, 0x2e),
    };

    pub const DARK: Theme = Theme {
        bg: RGBColor(0x16, 0x1b, 0x22),
        fg: RGBColor(0xe6, 0xed, 0xf3),
        muted: RGBColor(0x9d, 0xa7, 0xb3),
        grid: RGBColor(0x30, 0x36, 0x3d),
        accent: RGBColor(0x58, 0xa6, 0xff),
        good: RGBColor(0x3f, 0xb9, 0x50),
        bad: RGBColor(0xff, 0x7b, 0x72),
    };

    /// A theme from CSS custom properties (`--ll-bg`, `--ll-fg`, `--ll-muted`, `--ll-grid`,
    /// `--ll-accent`, `--ll-good`, `--ll-bad`), each `#rgb` or `#rrggbb`; anything missing or
    /// unreadable keeps the colour of `base`.
    pub fn from_css(base: Theme, lookup: impl Fn(&str) -> Option<String>) -> Theme {
        let pick = |name: &str, fallback: RGBColor| lookup(name).and_then(|v| parse_color(&v)).unwrap_or(fallback);
        Theme {
            bg: pick("--ll-bg", base.bg),
            fg: pick("--ll-fg", base.fg),
            muted: pick("--ll-muted", base.muted),
            grid: pick("--ll-grid", base.grid),
            accent: pick("--ll-accent", base.accent),
            good: pick("--ll-good", base.good),
            bad: pick("--ll-bad", base.bad),
        }
    }
}

/// Parses a colour as a stylesheet writes it: `#rgb`, `#rrggbb`, `rgb(…)`/`rgba(…)` or
/// `hsl(…)`/`hsla(…)` (commas or spaces; alpha ignored), as mdBook's themes write theirs.
pub fn parse_color(s: &str) -> Option<RGBColor> {
    let s = s.trim();
    if s.starts_with('#') {
        return parse_hex(s);
    }
    let (name, rest) = s.split_once('(')?;
    let args: Vec<&str> = rest.strip_suffix(')')?.split([',', ' ', '/']).map(str::trim).filter(|a| !a.is_empty()).collect();
    // The host's number parser in the browser (the sim crate's `host-number-parser`), not Rust's tables.
    let num = |a: &str| locklab_sim::params::parse_number(a.trim_end_matches('%').trim_end_matches("deg"));
    match name.trim().to_ascii_lowercase().as_str() {
        "rgb" | "rgba" if args.len() >= 3 => {
            let c = |a: &str| num(a).map(|v| if a.ends_with('%') { v * 2.55 } else { v }).map(|v| v.round().clamp(0.0, 255.0) as u8);
            Some(RGBColor(c(args[0])?, c(args[1])?, c(args[2])?))
        }
        "hsl" | "hsla" if args.len() >= 3 => {
            let (h, sat, l) = (num(args[0])?.rem_euclid(360.0), num(args[1])? / 100.0, num(args[2])? / 100.0);
            // CSS Color 4's hsl-to-rgb.
            let f = |n: f64| {
                let k = (n + h / 30.0) % 12.0;
                let a = sat * l.min(1.0 - l);
                let v = l - a * (k - 3.0).min(9.0 - k).clamp(-1.0, 1.0);
                (v * 255.0).round().clamp(0.0, 255.0) as u8
            };
            Some(RGBColor(f(0.0), f(8.0), f(4.0)))
        }
        _ => None,
    }
}

/// Parses `#rgb` or `#rrggbb` (surrounding spaces allowed).
pub fn parse_hex(s: &str) -> Option<RGBColor> {
    let h = s.trim().strip_prefix('#')?;
    let digit = |i: usize, len: usize| u8::from_str_radix(h.get(i..i + len)?, 16).ok();
    match h.len() {
        3 => Some(RGBColor(digit(0, 1)? * 17, digit(1, 1)? * 17, digit(2, 1)? * 17)),
        6 => Some(RGBColor(digit(0, 2)?, digit(2, 2)?, digit(4, 2)?)),
        _ => None,
    }
}

/// Sizes in CSS pixels times the device-pixel ratio.
#[derive(Clone, Copy, Debug)]
pub struct Px(pub f64);

impl Px {
    pub fn of(self, css: f64) -> u32 {
        (css * self.0).round().max(1.0) as u32
    }
    pub fn i(self, css: f64) -> i32 {
        (css * self.0).round() as i32
    }
    pub fn font(self, css: f64, color: &RGBColor) -> TextStyle<'static> {
        (FONT, css * self.0).into_font().color(color)
    }
}

pub type ChartResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// The look every chart's mesh shares: grid lines, axes and labels in the theme's colours, at
/// the device-pixel scale.
pub fn themed<'a, 'b, X, Y, DB>(
    mesh: &'b mut plotters::chart::MeshStyle<'a, 'b, X, Y, DB>,
    theme: &Theme,
    px: Px,
) -> &'b mut plotters::chart::MeshStyle<'a, 'b, X, Y, DB>
where
    X: plotters::coord::ranged1d::Ranged<ValueType = f64> + plotters::coord::ranged1d::ValueFormatter<f64>,
    Y: plotters::coord::ranged1d::Ranged<ValueType = f64> + plotters::coord::ranged1d::ValueFormatter<f64>,
    DB: DrawingBackend,
{
    mesh.bold_line_style(theme.grid.stroke_width(px.of(1.0)))
        .light_line_style(TRANSPARENT)
        .axis_style(theme.muted.stroke_width(px.of(1.0)))
        .label_style(px.font(12.0, &theme.muted))
        .axis_desc_style(px.font(12.0, &theme.muted))
}

/// Clears the area to the theme's background.
pub fn clear<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, theme: &Theme) -> ChartResult<DB> {
    root.fill(&theme.bg)
}

/// Helpers for the chart tests: render to an SVG string, and a colour as SVG writes it.
#[cfg(test)]
pub(crate) mod testing {
    use plotters::coord::Shift;
    use plotters::prelude::*;

    pub fn svg(width: u32, height: u32, draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>)) -> String {
        let mut out = String::new();
        {
            let root = SVGBackend::with_string(&mut out, (width, height)).into_drawing_area();
            draw(&root);
        }
        out
    }

    /// Every unrotated text in an SVG whose estimated extent leaves the `width` × `height` box:
    /// (text, left, right). The extent is estimated from a per-character width table of a
    /// typical sans-serif (digits 0.56 em, narrow punctuation 0.28 em), as the test has no fonts.
    pub fn texts_outside(svg: &str, width: f64, height: f64) -> Vec<(String, f64, f64)> {
        let attr = |tag: &str, name: &str| -> Option<String> {
            let key = format!(" {name}=\"");
            let at = tag.find(&key)? + key.len();
            Some(tag[at..].split('"').next()?.to_string())
        };
        let mut out = Vec::new();
        for part in svg.split("<text").skip(1) {
            let Some(end) = part.find('>') else { continue };
            let tag = &part[..end];
            let content = part[end + 1..].split("</text>").next().unwrap_or_default();
            if attr(tag, "transform").is_some_and(|t| t.contains("rotate")) {
                continue;
            }
            let num =
                |n: &str| attr(tag, n).and_then(|v| v.trim_end_matches("px").parse::<f64>().ok());
            let (Some(x), Some(y), Some(size)) = (num("x"), num("y"), num("font-size")) else {
                continue;
            };
            let text = content
                .trim()
                .replace("&amp;", "&")
                .replace("&lt;", "<")
                .replace("&gt;", ">");
            let em: f64 = text
                .chars()
                .map(|c| match c {
                    '0'..='9' => 0.56,
                    ',' | '.' | ' ' | ':' | 'i' | 'l' | '|' => 0.28,
                    '%' | 'm' | 'w' | 'M' | 'W' => 0.9,
                    c if c.is_uppercase() => 0.65,
                    _ => 0.5,
                })
                .sum();
            let w = em * size;
            let (left, right) = match attr(tag, "text-anchor").as_deref() {
                Some("middle") => (x - w / 2.0, x + w / 2.0),
                Some("end") => (x - w, x),
                _ => (x, x + w),
            };
            if left < 0.0 || right > width || y < 0.0 || y > height {
                out.push((text, left, right));
            }
        }
        out
    }

    /// `#RRGGBB`, upper case, for searching an upper-cased SVG.
    pub fn hex(c: RGBColor) -> String {
        format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_colours() {
        assert_eq!(parse_hex("#fff"), Some(RGBColor(255, 255, 255)));
        assert_eq!(parse_hex(" #1f6feb "), Some(RGBColor(0x1f, 0x6f, 0xeb)));
        assert_eq!(parse_hex("red"), None);
        assert_eq!(parse_hex("#12345"), None);
        assert_eq!(parse_hex("#ééé"), None);
    }

    #[test]
    fn colours_as_stylesheets_write_them() {
        assert_eq!(parse_color("#fff"), Some(RGBColor(255, 255, 255)));
        assert_eq!(parse_color(" rgb(22, 27, 34) "), Some(RGBColor(22, 27, 34)));
        assert_eq!(parse_color("rgba(0 0 0 / 50%)"), Some(RGBColor(0, 0, 0)));
        // mdBook's navy and ayu backgrounds, converted as browsers do.
        assert_eq!(parse_color("hsl(226, 23%, 11%)"), Some(RGBColor(22, 25, 35)));
        assert_eq!(parse_color("hsl(210, 25%, 8%)"), Some(RGBColor(15, 20, 26)));
        assert_eq!(parse_color("hsl(0, 0%, 100%)"), Some(RGBColor(255, 255, 255)));
        assert_eq!(parse_color("var(--x)"), None);
    }

    #[test]
    fn theme_from_css_keeps_base_for_missing_values() {
        let t = Theme::from_css(Theme::LIGHT, |n| (n == "--ll-accent").then(|| "#000000".to_string()));
        assert_eq!(t.accent, RGBColor(0, 0, 0));
        assert_eq!(t.bg, Theme::LIGHT.bg);
    }
}
