import { ToyPage } from "../../kit/ui/toy-page";
import { SockArt } from "./sock-art";
import { SOCKS, sockAlt } from "./words";

export function Socks() {
  return (
    <ToyPage title="Socks Fan Page" intro="A tribute to the unsung heroes of the foot. Hand-drawn. Machine-washable.">
      <ul aria-label="Sock gallery" className="grid w-full grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {SOCKS.map((sock) => (
          <li key={sock.id}>
            <figure className="flex h-full flex-col items-center gap-3 rounded-3xl bg-white/95 p-5 text-slate-900 shadow-xl">
              <div role="img" aria-label={sockAlt(sock)} className="sock-sway">
                <SockArt sock={sock} />
              </div>
              <figcaption className="text-center">
                <span className="block text-lg font-black">{sock.type}</span>
                <span className="text-sm text-slate-700">Fits: {sock.fits}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </ToyPage>
  );
}
