import type { ToolDefinition } from './tool-definition';
import { bureauTool } from './bureau';
import { appointmentsTool } from './appointments';

/** Every tool Guildhall has, in home-page order. */
export const allTools: ToolDefinition[] = [bureauTool, appointmentsTool];
