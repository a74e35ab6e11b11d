// qz-tray ships no types; printing/qzTray.ts describes the little it uses.
declare module "qz-tray";
