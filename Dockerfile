# Stemma in one container: pages, API, media and jobs in one Bun process.
# The same steps run on a bare Debian/Ubuntu machine through `npm install && npm start` (scripts/start.sh).
# docker-compose.yml runs this image several times with STEMMA_ROLE=api or worker on PostgreSQL and a bucket;
# /data then holds only scratch files, and /api/health answers in every role. With DATABASE_URL each container
# starts its bunqueue broker as a child tied to it by `setpriv --pdeathsig` (util-linux, in the base image).
FROM oven/bun:1.4.5-debian AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN bun install --frozen-lockfile
COPY . .
RUN bun scripts/build.ts

FROM oven/bun:1.4.5-debian
# Debian's ffmpeg decodes tracker modules (xm, it, s3m, mod) through libopenmpt. pg_dump (postgresql-client, 15 on
# this Debian, as docker-compose.yml's PostgreSQL) is what backups of a PostgreSQL install run (docs/operating.md, "Backups").
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app /app
ENV NODE_ENV=production DATA_DIR=/data PORT=3000
RUN mkdir -p /data && chown bun:bun /data
USER bun
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD bun -e "fetch('http://localhost:' + (process.env.PORT || 3000) + '/api/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["bun", "src/server/main.bundle.js"]
