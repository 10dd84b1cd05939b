/** The API's surface: the start script, bench and e2e build or start the HTTP server from here. */
export { createApp, type AppDeps, type CreateAppOptions } from './app.js';
export { startServer, MINIAPP_DIST, type RunningServer, type StartServerOptions } from './server.js';
