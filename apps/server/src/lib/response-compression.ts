import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses answers above 1 KB (brotli, else gzip) for clients that ask for it; smaller ones cost more to
 * compress than they save on the wire. Built assets arrive precompressed (portal-static) and are left alone.
 * Request bodies are not inflated here: ingest inflates its own gzip with a bomb guard.
 */
export const responseCompression = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // @fastify/compress's own list plus NDJSON (a recording's message stream: ~7× smaller), which mime-db
      // does not name as compressible. Never event streams: they must reach the client as they are written.
      customTypes: /^text\/(?!event-stream)|(?:\+|\/)(?:json|x-ndjson|text|xml)(?:;|$)|octet-stream(?:;|$)/u,
      // Quality 4 keeps brotli cheap enough for per-request answers (the default 11 is for build time).
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'response-compression' },
);
