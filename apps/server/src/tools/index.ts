import type { ToolDefinition } from './tool-definition';
import { bureauTool } from './bureau';

/** Every tool Guildhall has, in home-page order. */
export const allTools: ToolDefinition[] = [bureauTool];
