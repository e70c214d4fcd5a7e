// Chart colours from the theme's variables, so grids, ticks and tooltips follow dark mode
// (recharts' defaults, #ccc grids and #666 ticks, turn bright or unreadable on a dark page).
export const chartGridColor = "var(--color-slate-200)";
export const chartTickStyle = { fontSize: 11, fill: "var(--color-slate-600)" };
export const chartLabelStyle = { fontSize: 11, fill: "var(--color-slate-700)" };
export const chartTooltipStyle = { background: "var(--color-white)", border: "1px solid var(--color-slate-300)", color: "var(--color-slate-900)", fontSize: 12 };
