// An author's own React component around a widget: it sets the widget's `params` as a property
// from an effect, and listens to locklab:change. (An effect, not a `params={…}` prop: React 19
// does not set properties on a server-rendered custom element while it hydrates, react#35446, so
// on a Docusaurus page the first value would be lost; later updates of such a prop do reach it.)
import React, { useEffect, useRef, useState } from "react";

export default function Sweep() {
  const ref = useRef(null);
  const [ttl, setTtl] = useState(30);
  const [perDay, setPerDay] = useState(null);
  useEffect(() => {
    const el = ref.current;
    const on = (e) => setPerDay(e.detail.result.unsafePerDay);
    el.addEventListener("locklab:change", on);
    return () => el.removeEventListener("locklab:change", on);
  }, []);
  useEffect(() => {
    ref.current.params = { "ttl-s": ttl };
  }, [ttl]);
  return (
    <div>
      <button id="longer" type="button" onClick={() => setTtl((t) => t + 10)}>
        Ten seconds longer
      </button>
      <p id="reading">
        TTL {ttl} s: {perDay === null ? "…" : `${perDay.toFixed(3)} unsafe holds a day`}
      </p>
      <locklab-widget id="react-ttl" name="ttl-tradeoff" ref={ref}></locklab-widget>
    </div>
  );
}
