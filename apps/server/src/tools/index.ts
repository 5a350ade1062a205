import type { ToolDefinition } from './tool-definition';
import { bureauTool } from './bureau';
import { appointmentsTool } from './appointments';
import { recruitmentTool } from './recruitment';
import { sportsTool } from './sports';
import { portfolioTool } from './portfolio';
import { timetableTool } from './timetable';

/** Every tool Guildhall has, in home-page order. */
export const allTools: ToolDefinition[] = [recruitmentTool, bureauTool, appointmentsTool, timetableTool, sportsTool, portfolioTool];
