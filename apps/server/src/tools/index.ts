import type { ToolDefinition } from './tool-definition';
import { bureauTool } from './bureau';
import { appointmentsTool } from './appointments';
import { recruitmentTool } from './recruitment';
import { sportsTool } from './sports';
import { portfolioTool } from './portfolio';

/** Every tool Guildhall has, in home-page order. */
export const allTools: ToolDefinition[] = [recruitmentTool, bureauTool, appointmentsTool, sportsTool, portfolioTool];
