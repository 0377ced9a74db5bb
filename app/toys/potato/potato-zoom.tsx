import { useEffect, useRef } from "react";
import { ToyPage } from "../../kit/ui/toy-page";
import { scaleFor, scrollProgress } from "./logic";
import { PotatoArt } from "./potato-art";

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
    const paint = () => {
      frame = 0;
      const scale = scaleFor(scrollProgress(window.scrollY, top, height, window.innerHeight));
      if (potato.current) potato.current.style.transform = `scale(${scale})`;
      if (readout.current) readout.current.textContent = `${scale < 10 ? scale.toFixed(1) : Math.round(scale)}x`;
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
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onResize);
    };
  }, []);

  return (
    <ToyPage title="Potato Zoom" intro="Scroll down to zoom into the potato. Keep going. All the way to 100x.">
      <div ref={section} data-zoom-section="" className="relative h-[500vh] w-full">
        <div className="sticky top-14 grid h-[calc(100dvh-3.5rem)] place-items-center overflow-hidden">
          <div ref={potato} data-potato="" className="origin-[50%_52%]">
            <div role="img" aria-label="A potato, slowly zoomed by scrolling, up to 100 times its size">
              <PotatoArt />
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
