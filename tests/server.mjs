// A small static server for dist/ (and the test fixtures), with the right MIME types, optional
// extra headers (a CSP, CORS) and any mount point, so tests can serve dist/ under a sub-path.
//
//   node tests/server.mjs [--dir dist] [--prefix /] [--port 8080] [--host 127.0.0.1]
import http from "node:http";
import fs from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * Serves each `mounts` entry (`{ prefix, dir, headers? }`) on 127.0.0.1. Returns
 * `{ origin, close }`. `headers` are added to every response, a mount's own to its files.
 *
 * `hosted` serves the way the README tells hosts to: bodies brotli- or gzip-encoded as the browser
 * accepts, every file compressed once before the server starts (as a host or CDN serves
 * precompressed files: compressing a 1 MB wasm on request would stall this process's server for a
 * second), and hashed files cached for a year, the rest revalidated. `compress` is the same
 * without the cache headers. `log`, an array, gets the path of every request that reaches the server.
 *
 * Unhosted, every response is `no-cache` with no validator, so each load asks the server again. Not
 * `no-store`: Chromium (151–153 at least; microsoft/playwright#42742) reports a `no-store` fetch whose
 * body a page reads with a stream reader to its end as failed (net::ERR_ABORTED, "canceled") about
 * one time in four, after the page has every byte; the widgets read decks and challenge sets that
 * way to bound their size, and the tests' "no failed request" checks flaked on it (reproduced in
 * plain JavaScript with a reader loop, 16 of 60 loads; 0 of 60 with `text()` or with `no-cache`).
 */
export async function serve({ mounts, port = 0, host = "127.0.0.1", headers = {}, compress = false, hosted = false, log = null }) {
  compress ||= hosted;
  const packed = new Map();
  const pack = (file, how, body) => {
    const key = `${how}:${file}`;
    if (!packed.has(key)) packed.set(key, how === "br" ? zlib.brotliCompressSync(body) : zlib.gzipSync(body, { level: 9 }));
    return packed.get(key);
  };
  if (compress) {
    for (const { dir } of mounts) {
      for (const name of await fs.readdir(dir, { recursive: true })) {
        const file = path.resolve(dir, name);
        if ((await fs.stat(file)).isFile()) pack(file, "br", await fs.readFile(file));
      }
    }
  }
  const sorted = [...mounts].sort((a, b) => b.prefix.length - a.prefix.length);
  // Long addresses are part of what the tests send (a flood of parameters): allow 1 MB of headers.
  const server = http.createServer({ maxHeaderSize: 1 << 20 }, async (req, res) => {
    try {
      // Concatenated, not resolved: a request for //gallery.html is a path, not a host.
      const url = new URL(`http://x${req.url}`);
      const pathname = decodeURIComponent(url.pathname);
      log?.push(pathname); // what reached the server (a browser's cache hits never do)
      // Browsers ask every origin for a favicon; fixture pages have none to offer.
      if (pathname === "/favicon.ico") {
        res.writeHead(204, headers);
        return res.end();
      }
      const mount = sorted.find((m) => pathname.startsWith(m.prefix));
      if (!mount) return notFound(res);
      let rel = pathname.slice(mount.prefix.length);
      if (rel === "" || rel.endsWith("/")) rel += "index.html";
      const root = path.resolve(mount.dir);
      const file = path.resolve(root, rel);
      if (!file.startsWith(root + path.sep)) return notFound(res);
      let body = await fs.readFile(file);
      const encoding = {};
      const accept = String(req.headers["accept-encoding"] ?? "");
      const how = compress ? (/\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : null) : null;
      if (how) {
        body = pack(file, how, body);
        encoding["content-encoding"] = how;
        encoding.vary = "accept-encoding";
      }
      const hashed = /-[0-9a-f]{16}(_bg)?\.(js|css|wasm|svg)$/.test(file);
      res.writeHead(200, {
        "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
        "cache-control": !hosted ? "no-cache" : hashed ? "public, max-age=31536000, immutable" : "no-cache",
        ...encoding,
        ...headers,
        ...(mount.headers ?? {}),
      });
      res.end(req.method === "HEAD" ? undefined : body);
    } catch {
      notFound(res);
    }
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const origin = `http://${host}:${server.address().port}`;
  // close() ends every connection as well. server.close() alone waits for them, and Node does not
  // count as idle a socket that a browser opened ahead of need and never sent a request on (its
  // speculative preconnect): closing a server while a page that loaded from it is open could then
  // wait for ever. The packages test hung that way, in one run of two here and in CI.
  return {
    origin,
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}

function notFound(res) {
  res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
  res.end("not found");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = Object.fromEntries(
    process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith("--") ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
  );
  const prefix = args.prefix ?? "/";
  const { origin, close } = await serve({
    mounts: [{ prefix: prefix.endsWith("/") ? prefix : prefix + "/", dir: args.dir ?? "dist" }],
    port: Number(args.port ?? 8080),
    host: args.host ?? "127.0.0.1",
  });
  // Ctrl-C (or a polite kill) stops at once: no open connection keeps the process alive.
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      console.log("\nlocklab: stopped.");
      close();
      process.exit(0);
    });
  }
  console.log(`locklab: serving ${args.dir ?? "dist"}. Press Ctrl-C to stop.`);
  console.log(`\n  Open ${origin}${prefix} in your browser.\n`);
}
