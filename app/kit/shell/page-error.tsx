import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFound } from "./not-found";

/**
 * What the root error boundary shows, inside the layout (header, menu and footer stay): a missing
 * page gets the not-found page, a toy that crashes gets an apology.
 */
export default function PageError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center text-white"
    >
      <p aria-hidden="true" className="emoji text-7xl">
        🫠
      </p>
      <h1 className="text-4xl font-black drop-shadow">This toy broke itself</h1>
      <p className="text-lg">
        Somehow a toy with no purpose found a way to fail at it. We are deeply, pointlessly sorry. Pick another toy from
        the menu while this one thinks about what it did.
      </p>
    </section>
  );
}
