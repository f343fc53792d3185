
// src/core/render/workflow-commands.ts
function mayHoldWorkflowCommand(text) {
  return text.includes("::") || text.includes("##[");
}
function guardWorkflowCommands(text, token) {
  if (!mayHoldWorkflowCommand(text)) return text;
  if (!/^[0-9a-f]{16,}$/i.test(token) || text.toLowerCase().includes(token.toLowerCase()))
    throw new Error("guardWorkflowCommands needs a fresh random hex token that does not occur in the text");
  return `::stop-commands::${token}
${text}
::${token}::`;
}

export {
  mayHoldWorkflowCommand,
  guardWorkflowCommands
};
