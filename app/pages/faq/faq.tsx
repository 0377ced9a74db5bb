import type { CSSProperties } from "react";
import { ToyPage } from "../../kit/ui/toy-page";
import { FAQ, FAQ_STAGGER_S } from "./words";

export function Faq() {
  return (
    <ToyPage title="Unhelpful Answers" intro="Frequently asked questions, infrequently answered well.">
      <ul className="flex w-full max-w-2xl flex-col gap-4 text-left">
        {FAQ.map((entry, i) => (
          <li
            key={entry.q}
            className="stagger-in rounded-3xl bg-white/95 p-capped-6 text-slate-900 shadow-xl"
            style={{ "--card": i, "--cards": FAQ.length, "--stagger": FAQ_STAGGER_S } as CSSProperties}
          >
            <h2 className="text-xl font-black">{entry.q}</h2>
            <p className="mt-2 text-lg">{entry.a}</p>
          </li>
        ))}
      </ul>
    </ToyPage>
  );
}
