// While `npm start` builds the web app, this answers on the app's port: a page that says the app
// is being built, with the stage, progress and an estimate, and that switches to the app once it
// is up. /api/health answers 503 meanwhile, so health checks wait for the real app.
import { createServer } from "node:http";
import { buildProgress, type BuildProgress } from "../lib/setup/build-progress";

export type BuildPage = { setStage: (stage: number) => void; close: () => Promise<void> };

export function startBuildPage({ port, hostname, estimateSeconds, isFirstBuild }: { port: number; hostname: string; estimateSeconds: number; isFirstBuild: boolean }): Promise<BuildPage> {
  const started = Date.now();
  let stage = -1;
  const progress = (): BuildProgress => buildProgress({ elapsedSeconds: (Date.now() - started) / 1000, estimateSeconds, stage: Math.max(0, stage) });
  const server = createServer((request, response) => {
    const body = request.url?.startsWith("/api/") ? JSON.stringify({ status: "building", ...progress() }) : page(progress(), isFirstBuild);
    response.writeHead(request.url?.startsWith("/api/") ? 503 : 200, {
      "content-type": request.url?.startsWith("/api/") ? "application/json" : "text/html; charset=utf-8",
      "cache-control": "no-store",
      "retry-after": "5",
    });
    response.end(body);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () =>
      resolve({
        setStage: (next) => (stage = next),
        close: () => new Promise((done) => (server.closeAllConnections(), server.close(() => done()))),
      }),
    );
  });
}

const minutes = (seconds: number) => (seconds < 90 ? `${Math.round(seconds)} s` : `${Math.round(seconds / 60)} min`);

function page({ percent, remainingSeconds, stage }: BuildProgress, isFirstBuild: boolean): string {
  const left = remainingSeconds === null ? "taking longer than estimated; still working" : `about ${minutes(remainingSeconds)} left`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Goodhart is being built</title>
<style>
:root{color-scheme:light dark;font-family:ui-sans-serif,system-ui,sans-serif}
body{max-width:36rem;margin:15vh auto;padding:0 1rem;line-height:1.5}
progress{width:100%;height:1rem}
.muted{opacity:.8;font-size:.9rem}
</style></head>
<body>
<h1>Goodhart is being built</h1>
<p>${isFirstBuild ? "The first start builds the web app once" : "The sources changed, so the web app is built again"}. This page switches to the app by itself when it is ready.</p>
<progress id="bar" max="100" value="${percent}" aria-label="Build progress">${percent}%</progress>
<p id="status"><strong>${percent}%</strong> · ${stage} · ${left}</p>
<p class="muted">The estimate is the last build's duration on this machine${isFirstBuild ? " (none yet: a first build takes a few minutes, longer on a busy 2-core machine)" : ""}. The terminal running <code>npm start</code> shows the build's output and, at the end, where the admin password is.</p>
<script>
setInterval(async () => {
  try {
    const r = await fetch("/api/health", { cache: "no-store" });
    if (r.ok) return location.reload();
    const p = await r.json();
    document.getElementById("bar").value = p.percent;
    document.getElementById("status").innerHTML = "<strong>" + p.percent + "%</strong> · " + p.stage + " · " + (p.remainingSeconds === null ? "taking longer than estimated; still working" : "about " + (p.remainingSeconds < 90 ? p.remainingSeconds + " s" : Math.round(p.remainingSeconds / 60) + " min") + " left");
  } catch { /* the app is taking over the port: try again */ }
}, 2000);
</script>
</body></html>`;
}
