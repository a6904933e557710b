// A static file server on 127.0.0.1 for the tests: the site as a web host would serve it, text
// compressed with gzip when the browser asks for it, as static hosts and git forges' pages do.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";

const types = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".csv": "text/csv; charset=utf-8",
  ".xml": "application/xml",
};

export function serve(root) {
  const server = http.createServer((request, response) => {
    const wanted = decodeURIComponent(new URL(request.url, "http://localhost").pathname);
    let file = path.join(root, path.normalize(wanted));
    if (!file.startsWith(path.resolve(root))) file = "";
    if (file && fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
    if (!file || !fs.existsSync(file)) {
      response.writeHead(404, { "Content-Type": "text/plain" });
      response.end("not found");
      return;
    }
    const headers = {
      "Content-Type": types[path.extname(file)] || "application/octet-stream",
      "Cache-Control": "max-age=3600",
    };
    if (/\bgzip\b/.test(request.headers["accept-encoding"] || "")) {
      headers["Content-Encoding"] = "gzip";
      headers["Vary"] = "Accept-Encoding";
      response.writeHead(200, headers);
      fs.createReadStream(file).pipe(zlib.createGzip()).pipe(response);
      return;
    }
    response.writeHead(200, headers);
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve({ server, base: `http://127.0.0.1:${server.address().port}/` }));
  });
}
