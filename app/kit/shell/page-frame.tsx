import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { NotFound } from "./not-found";

/**
 * A pathless layout route around every page. Its error boundary keeps the header, menu and footer
 * on screen: a missing page shows the not-found page, a toy that crashes shows an apology.
 */
export default function PageFrame() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center text-white"
    >
      <p aria-hidden="true" className="text-7xl">
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
