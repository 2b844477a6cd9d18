// An author's own React component around a widget: it sets the widget's `params` as a property
// (React 19 sets properties on custom elements that define them) and listens to locklab:change.
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
  return (
    <div>
      <button id="longer" type="button" onClick={() => setTtl((t) => t + 10)}>
        Ten seconds longer
      </button>
      <p id="reading">
        TTL {ttl} s: {perDay === null ? "…" : `${perDay.toFixed(3)} unsafe holds a day`}
      </p>
      <locklab-widget id="react-ttl" name="ttl-tradeoff" params={{ "ttl-s": ttl }} ref={ref}></locklab-widget>
    </div>
  );
}
