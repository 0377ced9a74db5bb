import { PageLink } from "../ui/page-link";

/** Shown inside the layout for any path the site does not have. */
export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-6 px-capped-4 py-16 text-center text-white">
      <p aria-hidden="true" className="emoji text-7xl">
        🤷
      </p>
      <h1 className="text-4xl font-black drop-shadow">404: Nothing to see here</h1>
      <p className="text-lg">
        This page does not exist, which makes it the most pointless page on the site. Impressive.
      </p>
      <PageLink
        to="/"
        className="rounded-full bg-white px-6 py-3 font-bold text-purple-800 shadow-lg hover:bg-purple-50"
      >
        Take me to the Useless Button
      </PageLink>
    </section>
  );
}
