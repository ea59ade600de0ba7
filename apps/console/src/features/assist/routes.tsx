import type { ConsoleFeature } from '../../app/console-feature.ts';
import { openAhead } from './agent-socket.ts';
import { AssistPage } from './assist-page.tsx';
import en from './en.json';
import { RewindPage } from './rewind-page.tsx';
import zhTW from './zh-TW.json';

/** The live view of one session; reached from the live sessions list (no navigation entry of its own). */
const feature: ConsoleFeature = {
  routes: [
    {
      path: '/assist/:projectKey/:sessionId',
      element: <AssistPage />,
      // The relay socket opens with the navigation, beside the session gate's check (agent-socket.ts).
      loader: ({ params }) => {
        openAhead(params.projectKey ?? '', params.sessionId ?? '');
        return null;
      },
      // Only for another learner: a socket opened again for the one shown would join its room a second time.
      shouldRevalidate: ({ currentParams, nextParams }) =>
        currentParams.projectKey !== nextParams.projectKey ||
        currentParams.sessionId !== nextParams.sessionId,
    },
    { path: '/assist/:projectKey/:id/rewind', element: <RewindPage /> },
  ],
  messages: { 'zh-TW': zhTW, en },
};
export default feature;
