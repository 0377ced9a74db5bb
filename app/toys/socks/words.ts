export type Pattern = "stripes" | "dots" | "plain" | "hearts" | "zigzag";

export interface Sock {
  id: number;
  type: string;
  fits: string;
  /** How it is drawn. */
  color: string;
  accent: string;
  pattern: Pattern;
}

export const SOCKS: readonly Sock[] = [
  {
    id: 1,
    type: "Classic Stripe",
    fits: "Any foot with a sense of style",
    color: "#ef4444",
    accent: "#fde047",
    pattern: "stripes",
  },
  {
    id: 2,
    type: "Polka Party",
    fits: "Left foot only (it insists)",
    color: "#3b82f6",
    accent: "#ffffff",
    pattern: "dots",
  },
  {
    id: 3,
    type: "The Lonely One",
    fits: "Nobody. Its twin is missing.",
    color: "#a3a3a3",
    accent: "#525252",
    pattern: "plain",
  },
  {
    id: 4,
    type: "Valentine Toes",
    fits: "Romantic feet, size 'cute'",
    color: "#ec4899",
    accent: "#fdf2f8",
    pattern: "hearts",
  },
  { id: 5, type: "Electric Zigzag", fits: "Feet that go fast", color: "#22c55e", accent: "#14532d", pattern: "zigzag" },
  {
    id: 6,
    type: "Grandpa's Argyle-ish",
    fits: "Feet over 80, in spirit",
    color: "#92400e",
    accent: "#fcd34d",
    pattern: "stripes",
  },
  { id: 7, type: "Midnight Dots", fits: "Nocturnal feet", color: "#1e1b4b", accent: "#facc15", pattern: "dots" },
  {
    id: 8,
    type: "Sunday Best",
    fits: "Feet that stay on the sofa",
    color: "#f97316",
    accent: "#fff7ed",
    pattern: "zigzag",
  },
] as const;

/** What the picture shows, for people who cannot see it. */
export function sockAlt(sock: Sock): string {
  const patterns: Record<Pattern, string> = {
    stripes: "with stripes",
    dots: "with polka dots",
    plain: "with no pattern at all",
    hearts: "with little hearts",
    zigzag: "with zigzags",
  };
  return `Drawing of the ${sock.type} sock, ${patterns[sock.pattern]}`;
}
