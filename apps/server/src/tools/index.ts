import type { ToolDefinition } from './tool-definition';
import { bureauTool } from './bureau';
import { appointmentsTool } from './appointments';
import { recruitmentTool } from './recruitment';

/** Every tool Guildhall has, in home-page order. */
export const allTools: ToolDefinition[] = [recruitmentTool, bureauTool, appointmentsTool];
