export type CoolAnswer = "yes" | "no";

export interface Verdict {
  verdict: string;
  comment: string;
}

/** Either answer leads to 'NO.' (spec section 4). */
export function judge(answer: CoolAnswer): Verdict {
  return {
    verdict: "NO.",
    comment: answer === "yes" ? "Narrator: They were not." : "At least you're honest. Still not cool though.",
  };
}
