export interface FaqEntry {
  q: string;
  a: string;
}

/** Five questions (spec section 3). Each card enters 0.15 s after the one before. */
export const FAQ: readonly FaqEntry[] = [
  {
    q: "What is the purpose of this website?",
    a: "Yes.",
  },
  {
    q: "Am I wasting my time here?",
    a: "Define 'wasting'. Define 'time'. While you were doing that, you wasted some time. So: yes, beautifully.",
  },
  {
    q: "Is that a bug or a feature?",
    a: "It's a feature that identifies as a bug. Please respect its journey.",
  },
  {
    q: "Can I get a refund?",
    a: "Absolutely. Your refund of zero dollars and zero cents is being processed and will arrive never.",
  },
  {
    q: "Who is the creator?",
    a: "A person with too much free time and exactly the right amount of nothing to do. They are doing fine, thanks.",
  },
];

export const FAQ_STAGGER_S = 0.15;
