import { toast } from "../ui/toast/toast-store";

/**
 * Registers the service worker (build/client/sw.js, made by the build) once the page has loaded.
 * When a new version of the site has installed in the background, a toast offers it; accepting
 * activates it and reloads. Without service worker support, nothing happens.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  let accepted = false;

  const offer = (worker: ServiceWorker) => {
    toast({
      title: "A fresh batch of pointlessness",
      description: "A new version of the site is ready.",
      duration: Number.POSITIVE_INFINITY,
      action: {
        label: "Reload",
        onClick: () => {
          accepted = true;
          worker.postMessage({ type: "SKIP_WAITING" });
        },
      },
    });
  };

  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (accepted) window.location.reload();
  });

  const register = () => {
    navigator.serviceWorker
      .register("/sw.js")
      .then((registration) => {
        if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
        registration.addEventListener("updatefound", () => {
          const worker = registration.installing;
          worker?.addEventListener("statechange", () => {
            // With no controller this is the first install, not an update.
            if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
          });
        });
      })
      .catch(() => {
        // Private mode, blocked storage, an old browser: the site simply stays online-only.
      });
  };

  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
