# The app as deployed: dependencies from the committed lock (npm ci), the production build, one process.
FROM node:20-bookworm-slim
# tini as PID 1: passes `docker stop`'s SIGTERM to the server and reaps orphans. The server is
# node itself (no npm or npx in between, which ended on SIGTERM and left the server running).
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--import", "tsx", "server/serve.ts"]
