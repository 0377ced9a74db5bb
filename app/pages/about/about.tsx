import { site } from "../../kit/lib/site";
import { TimeWastedNote } from "../../kit/shell/time-wasted-note";
import { MailLink } from "../../kit/ui/mail-link";
import { ToyPage } from "../../kit/ui/toy-page";

export function About() {
  return (
    <ToyPage title="About This Glorious Mess">
      <p className="text-lg font-semibold text-white/90">By {site.creatorName}, Chief Pointlessness Officer</p>
      <div className="max-w-2xl space-y-5 rounded-3xl bg-white/95 p-capped-8 text-left text-lg leading-relaxed text-slate-900 shadow-2xl">
        <p>
          {site.name} began with a simple question: what if a website did nothing, but did it extremely well? After
          years of rigorous research, several whiteboards and one very confused houseplant, we built a button that does
          nothing, then thirty-odd other things that do even less. Every toy is engineered to the highest standards of
          uselessness, tested in real browsers, and load-balanced across zero purposes.
        </p>
        <p>
          Our mission is to give your brain a small holiday from being productive. We do not collect your data, we do
          not sell you anything, and we will never send you a newsletter, mostly because we would have nothing to say.
          If you leave this site having learned nothing and achieved nothing, we have done our job. Thank you for
          wasting your time with us. It means nothing to us, and everything.
        </p>
      </div>
      <TimeWastedNote className="min-h-[2lh] text-lg font-semibold text-white/90 sm:min-h-[1lh]" />
      <MailLink>Contact The Creator</MailLink>
    </ToyPage>
  );
}
