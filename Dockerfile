# Stickerdrop in one image: the API serving the mini-app, and the bot when BOT_TOKEN is set.
# Node 24 LTS: `npm run test:node24` runs the core, API and bot suites on it (the README says which test is at its edge).
FROM node:24-slim
WORKDIR /app

# Dependencies first, from the lockfile alone, so a code change reuses this layer.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY core/package.json core/
COPY api/package.json api/
COPY bot/package.json bot/
COPY miniapp/package.json miniapp/
RUN npm ci --no-audit --no-fund
# npm 11 skips install scripts that allowScripts does not name, and the ffmpeg/ffprobe packages' only
# script is the chmod that makes their binaries executable (sticker conversion needs both).
RUN find node_modules/@ffmpeg-installer node_modules/@ffprobe-installer -type f \( -name ffmpeg -o -name ffprobe \) \
      -exec chmod +x {} +

COPY . .
RUN npm run build && mkdir -p /data && chown node:node /data

ENV NODE_ENV=production DATA_DIR=/data PORT=8080 MALLOC_ARENA_MAX=2
VOLUME /data
EXPOSE 8080
USER node
# Node itself as PID 1 (not npm): `docker stop`'s SIGTERM reaches the graceful stop directly.
# The young generation at 16 MB semi-spaces, Node 20's size: Node 24 grows it to ~130 MB while loading the
# server (drizzle's ES modules) and keeps it, ~110 MB of RSS more for the same work.
CMD ["node", "--max-semi-space-size=16", "--import", "tsx", "scripts/start.ts"]
