// Security headers on every answer, with a strict Content-Security-Policy: scripts only from
// this origin (the build emits no inline script), no plugins, no framing.
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
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

export const securityHeadersPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicy(app.config.identity),
      },
      // Served over plain http on a LAN as often as over https: HSTS is the proxy's business.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'no-referrer' },
    });
  },
  { name: 'security-headers' },
);
