import { useEffect, useRef } from "react";
import { ToyPage } from "../../kit/ui/toy-page";
import { FADE_MS, isZoomJump, MIN_SCALE, scaleFor, scrollProgress } from "./logic";
import { PotatoArt, PotatoSecret } from "./potato-art";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

export function PotatoZoom() {
  const section = useRef<HTMLDivElement>(null);
  const potato = useRef<HTMLDivElement>(null);
  const readout = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    let frame = 0;
    // The section's place is measured on mount and resize only; each scroll reads scrollY and
    // writes one transform, so scrolling never forces a layout.
    let top = 0;
    let height = 0;
    const measure = () => {
      const el = section.current;
      if (!el) return;
      top = el.getBoundingClientRect().top + window.scrollY;
      height = el.offsetHeight;
    };
    const target = () => scaleFor(scrollProgress(window.scrollY, top, height, window.innerHeight));

    // Reduced motion: the scale still maps to the scroll position one to one (1x to 100x over the
    // 500vh), and nothing is ever eased or animated, so the potato never zooms by itself. But a
    // big jump (End, Home, Page Down, a click on the scroll bar) would throw a 100x potato at the
    // visitor in one frame, so a jump becomes a fade: the potato fades out, takes its new scale
    // unseen, and fades back in. Steps (a wheel notch, a finger, the arrow keys) follow directly.
    // Read live here rather than through useReducedMotion, which is false until after hydration.
    const calm = window.matchMedia?.(REDUCED_MOTION);
    let shown = MIN_SCALE; // what the pre-rendered page shows
    let fadeOut: Animation | null = null;
    let fadeIn: Animation | null = null;
    const show = (scale: number) => {
      shown = scale;
      if (potato.current) potato.current.style.transform = `scale(${scale})`;
      if (readout.current) readout.current.textContent = `${scale < 10 ? scale.toFixed(1) : Math.round(scale)}x`;
    };
    const fadeThrough = (el: HTMLElement) => {
      const from = Number(getComputedStyle(el).opacity);
      fadeIn?.cancel();
      const out = el.animate([{ opacity: from }, { opacity: 0 }], { duration: FADE_MS * from, fill: "forwards" });
      fadeOut = out;
      out.finished.then(
        () => {
          if (fadeOut !== out) return; // the page was left meanwhile
          // The latest scroll position, not the one that started the fade.
          show(target());
          fadeIn = el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: FADE_MS });
          out.cancel();
          fadeOut = null;
        },
        () => {}, // cancelled: the page was left
      );
    };
    const paint = () => {
      frame = 0;
      if (fadeOut) return; // the fade shows the latest scale when the potato is out of sight
      const scale = target();
      const el = potato.current;
      if (el && calm?.matches && typeof el.animate === "function" && isZoomJump(shown, scale)) {
        fadeThrough(el);
        return;
      }
      show(scale);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(paint);
    };
    const onResize = () => {
      measure();
      onScroll();
    };
    measure();
    paint();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onResize);
    return () => {
      cancelAnimationFrame(frame);
      fadeOut?.cancel();
      fadeIn?.cancel();
      fadeOut = null;
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onResize);
    };
  }, []);

  return (
    <ToyPage title="Potato Zoom" intro="Scroll down to zoom into the potato. Keep going. All the way to 100x.">
      <div ref={section} data-zoom-section="" className="relative h-[500vh] w-full">
        <div className="sticky top-14 grid h-[calc(100dvh-3.5rem)] place-items-center overflow-hidden">
          <div
            ref={potato}
            data-potato=""
            className="relative w-(--potato-width) origin-[50%_52%] [--potato-width:min(80vw,28rem)]"
          >
            <div role="img" aria-label="A potato, slowly zoomed by scrolling, up to 100 times its size">
              <PotatoArt />
              <PotatoSecret />
            </div>
          </div>
          <p className="absolute bottom-6 rounded-full bg-black/50 px-4 py-2 font-mono text-lg text-amber-100">
            Zoom: <span ref={readout}>1.0x</span>
          </p>
        </div>
      </div>
    </ToyPage>
  );
}
