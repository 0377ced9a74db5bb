export interface Hello {
  text: string;
  /** BCP 47 language tag, so screen readers pronounce it right. */
  lang: string;
}

export const HELLOS: readonly Hello[] = [
  { text: "Hi", lang: "en" },
  { text: "Hello", lang: "en" },
  { text: "Hola", lang: "es" },
  { text: "Bonjour", lang: "fr" },
  { text: "Hallo", lang: "de" },
  { text: "Ciao", lang: "it" },
  { text: "Olá", lang: "pt" },
  { text: "Hej", lang: "sv" },
  { text: "Hoi", lang: "nl" },
  { text: "Cześć", lang: "pl" },
  { text: "Ahoj", lang: "cs" },
  { text: "Szia", lang: "hu" },
  { text: "Merhaba", lang: "tr" },
  { text: "Γειά σου", lang: "el" },
  { text: "Привет", lang: "ru" },
  { text: "Привіт", lang: "uk" },
  { text: "שלום", lang: "he" },
  { text: "مرحبا", lang: "ar" },
  { text: "سلام", lang: "fa" },
  { text: "नमस्ते", lang: "hi" },
  { text: "হ্যালো", lang: "bn" },
  { text: "வணக்கம்", lang: "ta" },
  { text: "สวัสดี", lang: "th" },
  { text: "Xin chào", lang: "vi" },
  { text: "Halo", lang: "id" },
  { text: "Kumusta", lang: "tl" },
  { text: "你好", lang: "zh" },
  { text: "こんにちは", lang: "ja" },
  { text: "안녕하세요", lang: "ko" },
  { text: "Jambo", lang: "sw" },
  { text: "Sawubona", lang: "zu" },
  { text: "Sannu", lang: "ha" },
  { text: "Aloha", lang: "haw" },
  { text: "Kia ora", lang: "mi" },
  { text: "Hei", lang: "fi" },
  { text: "Tere", lang: "et" },
  { text: "Sveiki", lang: "lv" },
  { text: "Labas", lang: "lt" },
  { text: "Dia duit", lang: "ga" },
  { text: "Shwmae", lang: "cy" },
  { text: "Salut", lang: "ro" },
  { text: "Здраво", lang: "sr" },
] as const;

/**
 * The CSS generic families only: no web fonts, and no named fonts the browser would have to look
 * for before it can paint (each missing family costs a font lookup on the first paint).
 */
export const FONTS = [
  "sans-serif",
  "serif",
  "monospace",
  "cursive",
  "fantasy",
  "system-ui",
  "ui-serif",
  "ui-monospace",
] as const;

/** Light colours, readable on the page's dark background. */
export const COLORS = [
  "#fda4af",
  "#fdba74",
  "#fde047",
  "#bef264",
  "#86efac",
  "#5eead4",
  "#7dd3fc",
  "#a5b4fc",
  "#d8b4fe",
  "#f9a8d4",
  "#ffffff",
] as const;
