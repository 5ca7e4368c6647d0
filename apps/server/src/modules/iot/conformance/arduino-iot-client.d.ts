/** The official client ships JavaScript only; the conformance test drives it untyped. */
declare module '@arduino/arduino-iot-client';
