-- Driven by tests/lsp/test_neovim.py: Neovim's own LSP client (0.7 API) on `fwdata lsp`. Opens a card with an
-- error, reads its diagnostics, fixes the line, waits for them to go, jumps to a definition from a scenario,
-- writes what it saw as JSON to $FWDATA_NVIM_RESULT and quits.
local result = { steps = {} }
local function note(name, value) result[name] = value; table.insert(result.steps, name) end
local function finish()
  local file = io.open(vim.env.FWDATA_NVIM_RESULT, "w")
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.cmd("qa!")
end
local function codes(buffer)
  local found = {}
  for _, item in ipairs(vim.diagnostic.get(buffer)) do
    local lsp = item.user_data and item.user_data.lsp or {}
    table.insert(found, { code = item.code or lsp.code, line = item.lnum, message = item.message,
                          source = item.source })
  end
  return found
end
local function has_code(buffer, code)
  for _, item in ipairs(codes(buffer)) do if item.code == code then return true end end
  return false
end

local ok, problem = pcall(function()
  local client = vim.lsp.start_client({
    name = "fwdata",
    cmd = vim.fn.json_decode(vim.env.FWDATA_LSP_COMMAND),
    root_dir = vim.env.FWDATA_PACK,
    flags = { debounce_text_changes = 50 },
  })
  note("client", client ~= nil)

  vim.cmd("edit " .. vim.fn.fnameescape(vim.env.FWDATA_CARD))
  local card = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(card, client)
  note("error_seen", vim.wait(60000, function() return has_code(card, "SCHEMA") end, 50))
  note("error_diagnostics", codes(card))

  local line = tonumber(vim.env.FWDATA_BROKEN_LINE)
  vim.api.nvim_buf_set_lines(card, line, line + 1, false, { vim.env.FWDATA_FIXED_TEXT })
  note("error_gone", vim.wait(60000, function() return not has_code(card, "SCHEMA") end, 50))
  note("fixed_diagnostics", codes(card))

  vim.cmd("edit " .. vim.fn.fnameescape(vim.env.FWDATA_SCENARIO))
  local scenario = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(scenario, client)
  vim.wait(60000, function() return vim.lsp.buf_is_attached(scenario, client) end, 50)
  vim.api.nvim_win_set_cursor(0, { tonumber(vim.env.FWDATA_REFERENCE_LINE) + 1,
                                   tonumber(vim.env.FWDATA_REFERENCE_COLUMN) })
  vim.lsp.buf.definition()
  note("jumped", vim.wait(60000, function()
    return vim.api.nvim_buf_get_name(0) == vim.env.FWDATA_TARGET
  end, 50))
  note("jumped_to", { file = vim.api.nvim_buf_get_name(0), line = vim.api.nvim_win_get_cursor(0)[1] })
  vim.lsp.stop_client(client)
end)
if not ok then note("error", tostring(problem)) end
finish()
