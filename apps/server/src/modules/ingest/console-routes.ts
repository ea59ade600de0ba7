import { security } from '@atrium/protocol/http';
import {
  featureFlagInput,
  featureFlagParams,
  featureFlagPatch,
  featureFlagView,
  startCondition,
  startConditionsInput,
  tagSelector,
  tagSelectorInput,
  tagSelectorParams,
  trackerProject,
  trackerProjectInput,
  trackerProjectParams,
  trackerProjectPatch,
  uxtSignalView,
  uxtStatusInput,
  uxtTestInput,
  uxtTestParams,
  uxtTestView,
} from '@atrium/protocol/tracker-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createProject, listProjects, updateProject } from './manage-projects.ts';
import {
  createFeatureFlag,
  createTag,
  createUxtTest,
  deleteFeatureFlag,
  deleteTag,
  listFeatureFlags,
  listProjectConditions,
  listProjectTags,
  listUxtSignals,
  listUxtTests,
  replaceConditions,
  setUxtTestStatus,
  updateFeatureFlag,
} from './manage-tracker-settings.ts';

const tags = ['console: ingest'];

/** Admins set up tracker projects and what trackers fetch. Mounted at /v1/console/ingest. */
export const ingestConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: tracker settings are an admin's; anybody else is refused before their body is even read.
  app.addHook('onRequest', app.requireAdmin);
  const db = app.db;

  app.get(
    '/projects',
    {
      schema: {
        tags,
        security,
        summary: 'List tracker projects',
        response: { 200: z.array(trackerProject) },
      },
    },
    async () => listProjects(db),
  );
  app.post(
    '/projects',
    {
      schema: {
        tags,
        security,
        summary: 'Create a tracker project',
        body: trackerProjectInput,
        response: { 201: trackerProject },
      },
    },
    async (request, reply) => reply.status(201).send(await createProject(db, request.body)),
  );
  app.patch(
    '/projects/:projectId',
    {
      schema: {
        tags,
        security,
        summary: 'Rename a project or change its canvas settings',
        params: trackerProjectParams,
        body: trackerProjectPatch,
        response: { 200: trackerProject },
      },
    },
    async (request) => updateProject(db, request.params.projectId, request.body),
  );

  app.get(
    '/projects/:projectId/conditions',
    {
      schema: {
        tags,
        security,
        summary: 'Conditional-start rules',
        params: trackerProjectParams,
        response: { 200: z.array(startCondition) },
      },
    },
    async (request) => listProjectConditions(db, request.params.projectId),
  );
  app.put(
    '/projects/:projectId/conditions',
    {
      schema: {
        tags,
        security,
        summary: 'Replace the conditional-start rules',
        params: trackerProjectParams,
        body: startConditionsInput,
        response: { 200: z.array(startCondition) },
      },
    },
    async (request) => replaceConditions(db, request.params.projectId, request.body),
  );

  app.get(
    '/projects/:projectId/feature-flags',
    {
      schema: {
        tags,
        security,
        summary: 'Feature flags',
        params: trackerProjectParams,
        response: { 200: z.array(featureFlagView) },
      },
    },
    async (request) => listFeatureFlags(db, request.params.projectId),
  );
  app.post(
    '/projects/:projectId/feature-flags',
    {
      schema: {
        tags,
        security,
        summary: 'Create a feature flag',
        params: trackerProjectParams,
        body: featureFlagInput,
        response: { 201: featureFlagView },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createFeatureFlag(db, request.params.projectId, request.body)),
  );
  app.patch(
    '/projects/:projectId/feature-flags/:flagId',
    {
      schema: {
        tags,
        security,
        summary: 'Change a feature flag',
        params: featureFlagParams,
        body: featureFlagPatch,
        response: { 200: featureFlagView },
      },
    },
    async (request) => updateFeatureFlag(db, request.params.projectId, request.params.flagId, request.body),
  );
  app.delete(
    '/projects/:projectId/feature-flags/:flagId',
    { schema: { tags, security, summary: 'Delete a feature flag', params: featureFlagParams } },
    async (request, reply) => {
      await deleteFeatureFlag(db, request.params.projectId, request.params.flagId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/projects/:projectId/tags',
    {
      schema: {
        tags,
        security,
        summary: 'Tag selectors',
        params: trackerProjectParams,
        response: { 200: z.array(tagSelector) },
      },
    },
    async (request) => listProjectTags(db, request.params.projectId),
  );
  app.post(
    '/projects/:projectId/tags',
    {
      schema: {
        tags,
        security,
        summary: 'Add a tag selector',
        params: trackerProjectParams,
        body: tagSelectorInput,
        response: { 201: tagSelector },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTag(db, request.params.projectId, request.body)),
  );
  app.delete(
    '/projects/:projectId/tags/:tagId',
    { schema: { tags, security, summary: 'Delete a tag selector', params: tagSelectorParams } },
    async (request, reply) => {
      await deleteTag(db, request.params.projectId, request.params.tagId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/projects/:projectId/uxt-tests',
    {
      schema: {
        tags,
        security,
        summary: 'Usability tests with their tasks',
        params: trackerProjectParams,
        response: { 200: z.array(uxtTestView) },
      },
    },
    async (request) => listUxtTests(db, request.params.projectId),
  );
  app.post(
    '/projects/:projectId/uxt-tests',
    {
      schema: {
        tags,
        security,
        summary: 'Create a usability test with its tasks',
        params: trackerProjectParams,
        body: uxtTestInput,
        response: { 201: uxtTestView },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createUxtTest(db, request.params.projectId, request.body)),
  );
  app.patch(
    '/projects/:projectId/uxt-tests/:testId',
    {
      schema: {
        tags,
        security,
        summary: 'Start, pause or close a usability test',
        params: uxtTestParams,
        body: uxtStatusInput,
        response: { 200: uxtTestView },
      },
    },
    async (request) =>
      setUxtTestStatus(db, request.params.projectId, request.params.testId, request.body.status),
  );
  app.get(
    '/projects/:projectId/uxt-tests/:testId/signals',
    {
      schema: {
        tags,
        security,
        summary: "Testers' answers and task outcomes",
        params: uxtTestParams,
        response: { 200: z.array(uxtSignalView) },
      },
    },
    async (request) => listUxtSignals(db, request.params.projectId, request.params.testId),
  );
};
