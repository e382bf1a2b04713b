// Security headers on every answer, with a strict Content-Security-Policy: scripts only from
// this origin (the build emits no inline script), no plugins, no framing; and a
// Permissions-Policy that turns off the device features a back office never uses.
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { IDENTITY_HOSTS } from '../../../shared/server-paths';
import type { IdentityConfig } from '../../config';

/** The hosts the Firebase Auth client calls when a real project is configured. */
const FIREBASE_AUTH_HOSTS = IDENTITY_HOSTS.map((host) => `https://${host}`);

export function contentSecurityPolicy(identity: IdentityConfig): Record<string, string[] | null> {
  const real = identity.mode === 'firebase';
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Mantine writes its CSS variables in a <style> element and style props as style
    // attributes: styles (never scripts) need inline.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    // In emulator mode the identity REST paths are proxied on this origin.
    connectSrc: real ? ["'self'", ...FIREBASE_AUTH_HOSTS] : ["'self'"],
    // firebase/auth may open its helper iframe on the project's auth domain.
    frameSrc: real ? [`https://${identity.authDomain}`] : ["'none'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // The app is often reached over plain http on a shop's LAN: no forced upgrade.
    upgradeInsecureRequests: null,
  };
}

/**
 * Features off for this page and any frame (`()`: no origin). Only names Chromium knows: an unknown
 * one is logged in the console on every page. Clipboard, fullscreen and notifications stay as the
 * browser has them.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * The headers helmet sets with these options, and the Permissions-Policy. They are the same on
 * every answer (no nonces, no per-request directives), so they are worked out once: helmet's
 * Fastify plugin built its middleware again for each request (6 % of the server's time under load).
 */
export function securityHeaders(identity: IdentityConfig): Record<string, string> {
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(identity) },
    // Served over plain http on a LAN as often as over https: HSTS is the proxy's business (the
    // README's deploy steps say how).
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
  };
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  headers['Permissions-Policy'] = PERMISSIONS_POLICY;
  return headers;
}

export const securityHeadersPlugin = fp(
  async (app) => {
    const headers = securityHeaders(app.config.identity);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
