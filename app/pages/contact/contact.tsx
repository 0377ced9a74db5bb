import { MailLink } from "../../kit/ui/mail-link";
import { ToyPage } from "../../kit/ui/toy-page";

export function Contact() {
  return (
    <ToyPage
      title="Send a Message Into the Void"
      intro="Questions, compliments, complaints about the potato: the void accepts them all."
    >
      <div
        aria-hidden="true"
        className="void-pulse size-[min(12rem,70vw)] rounded-full bg-radial from-black via-indigo-950 to-indigo-700 shadow-[0_0_80px_rgba(99,102,241,0.6)]"
      />
      <p className="max-w-md text-lg text-white/90">
        Our average response time is somewhere between "eventually" and "the heat death of the universe". Your message
        will be read by a real human who will smile, nod, and do nothing.
      </p>
      <MailLink>Contact Us</MailLink>
    </ToyPage>
  );
}
