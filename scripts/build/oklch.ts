/**
 * An oklch() colour ("55.8% 0.288 302.321", as the pages' backgrounds are written) as sRGB hex,
 * for the share images: the rasteriser speaks sRGB. Björn Ottosson's OKLab matrices; colours
 * outside sRGB are clipped per channel, as browsers without wide-gamut screens show them.
 */
export function oklchToHex(value: string): string {
  const [lightness = "0", chroma = "0", hue = "0"] = value.trim().split(/[\s/]+/);
  const L = lightness.endsWith("%") ? Number.parseFloat(lightness) / 100 : Number.parseFloat(lightness);
  const C = Number.parseFloat(chroma);
  const h = (Number.parseFloat(hue) * Math.PI) / 180;
  const a = C * Math.cos(h);
  const b = C * Math.sin(h);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  return `#${linear
    .map((x) => {
      const encoded = x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055;
      return Math.round(Math.min(1, Math.max(0, encoded)) * 255)
        .toString(16)
        .padStart(2, "0");
    })
    .join("")}`;
}
