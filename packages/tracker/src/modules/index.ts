import type { Module } from '../app.ts';
import { consoleModule } from './console.ts';
import { domModule } from './dom.ts';
import { errorsModule } from './errors.ts';
import { inputModule } from './input.ts';
import { mouseModule } from './mouse.ts';
import { networkModule } from './network.ts';
import { pageModule } from './page.ts';
import { performanceTrackModule } from './performance-track.ts';
import { resourcesModule } from './resources.ts';
import { timingsModule } from './timings.ts';
import { uxtModule } from './uxt.ts';
import { vitalsModule } from './vitals.ts';
import { websocketModule } from './websocket.ts';

/** The capture modules, in install order (the page location precedes the first snapshot). */
export const defaultModules: Module[] = [
  pageModule,
  domModule,
  mouseModule,
  inputModule,
  consoleModule,
  errorsModule,
  networkModule,
  websocketModule,
  timingsModule,
  resourcesModule,
  performanceTrackModule,
  vitalsModule,
  uxtModule,
];
