import { ToyPage } from "../../kit/ui/toy-page";

const STEPS = [
  {
    emoji: "⚛️",
    name: "Quantum Click Fluctuation",
    text: "Each click exists in a superposition of useful and useless until observed, at which point it collapses, reliably, into useless.",
  },
  {
    emoji: "🧵",
    name: "Hyper-Threaded Nonsense Generation",
    text: "Sixteen parallel threads of pure nonsense are spun at 4 GHz, then woven into quotes, raps and forecasts nobody asked for.",
  },
  {
    emoji: "🤖",
    name: "AI-Powered Apathy Matrix",
    text: "A neural network trained on ten million shrugs decides, in real time, exactly how little to care about your input.",
  },
] as const;

export function HowItWorks() {
  return (
    <ToyPage
      width="wide"
      title="The Science Behind It"
      intro="A peer-reviewed (by us) explanation of the technology behind nothing."
    >
      <ol className="grid w-full gap-5 md:grid-cols-3">
        {STEPS.map((step, i) => (
          <li key={step.name} className="rounded-3xl bg-white/95 p-capped-6 text-left text-slate-900 shadow-2xl">
            <p aria-hidden="true" className="emoji text-5xl">
              {step.emoji}
            </p>
            <h2 className="mt-3 text-xl font-black">
              <span className="text-indigo-700">Step {i + 1}:</span> {step.name}
            </h2>
            <p className="mt-2">{step.text}</p>
          </li>
        ))}
      </ol>
    </ToyPage>
  );
}
