/**
 * The login banner, pre-rendered. Besides setting the mood it is the console's biggest block of
 * text: a confession that wraps to three lines on a phone would otherwise become the page's
 * largest paint 1.5 s in (Lighthouse: LCP 2.25 s). Keep each line short enough not to wrap.
 */
export const BANNER = [
  "MAINFRAME OS 0.0.1 (totally legit)",
  "Last login: never, from nowhere",
  "Security: one sticky note, on the screen",
  "Connecting... connected. Confessing:",
] as const;

/** Exactly 16 confessions (spec section 9). */
export const CONFESSIONS = [
  "I pressed 'Reply All' on purpose once. Just to feel something.",
  "My password is 'password1'. The 1 makes it secure.",
  "I hacked into my own fridge. It had nothing to hide. Or eat.",
  "I still use Internet Explorer. For nostalgia. Please don't tell anyone.",
  "I accepted all cookies. Every single one. I was hungry.",
  "I turned it off and on again and it did NOT fix it.",
  "I named my Wi-Fi 'FBI Surveillance Van'. The neighbours brought cookies.",
  "I once downloaded more RAM. It's still installing.",
  "I clicked 'Remind me later' 4,000 times. Later never came.",
  "I read the terms and conditions. All of them. I have questions.",
  "I put my laptop in rice. It is now a risotto.",
  "I typed 'hack the mainframe' into a calculator.",
  "I use Ctrl+C, Ctrl+V for everything. Including this confession.",
  "I have 327 unread emails and I feel at peace.",
  "I googled 'how to google'.",
  "I am not actually a hacker. I just type really fast.",
] as const;
