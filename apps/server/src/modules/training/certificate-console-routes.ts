import {
  adminCertificate,
  adminCertificateList,
  certificateParams,
  classIdParams,
  issueReport,
} from '@atrium/protocol/community';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classMustExist } from './class-must-exist.ts';
import { errors, security, staffAccess, tags } from './console-schema.ts';
import { issueClassCertificates } from './issue-class-certificates.ts';
import { listClassCertificates, revokeCertificate } from './manage-certificates.ts';

/** The certificates of a class: list, issue to completers, revoke. */
export const certificateConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { read, change } = staffAccess(app);
  const db = app.db;

  app.get(
    '/classes/:id/certificates',
    {
      ...read,
      ...classMustExist(app),
      schema: {
        tags,
        security,
        summary: 'Certificates of a class',
        params: classIdParams,
        response: { 200: adminCertificateList, ...errors },
      },
    },
    async (request) => ({ items: await listClassCertificates(db, request.params.id) }),
  );
  app.post(
    '/classes/:id/certificates',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Issue certificates to every completer without one',
        params: classIdParams,
        response: { 200: issueReport, ...errors },
      },
    },
    async (request) => issueClassCertificates(db, request.params.id),
  );
  app.post(
    '/classes/:id/certificates/:certId/revoke',
    {
      ...change,
      schema: {
        tags,
        security,
        summary: 'Revoke a certificate',
        params: classIdParams.merge(certificateParams),
        response: { 200: adminCertificate, ...errors },
      },
    },
    async (request) => revokeCertificate(db, request.params.id, request.params.certId),
  );
};
