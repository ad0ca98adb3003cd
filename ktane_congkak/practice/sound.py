"""The practice window's sounds, made by the program (synthesised samples, no sound files).

A seed's click, the strike buzzer, the solve chime, the clock's tick in the last seconds
and the explosion. `Sounds.play(name)` never raises: with no audio device (a CI machine,
a server) or a broken driver the window is silent and goes on. pyglet.media is imported
only when the first sound plays, so opening the window does not wait for the audio driver.
"""

from __future__ import annotations

import io
import math
import random
import struct
import threading
import wave

SAMPLE_RATE = 16000
CLICK_GAP = 0.045  # seconds of window time between two clicks: at x16 the drops come every 10 ms
TICK_SECONDS = 10  # the clock ticks in the last ten seconds of a timed session
SOUNDS = ("click", "tick", "buzzer", "chime", "boom")


def _click(t: float, rng: random.Random) -> float:
    """A seed falling on wood: a knock at 1.4 kHz and a little noise, gone in 30 ms."""
    return math.exp(-t * 180) * (0.7 * math.sin(2 * math.pi * 1400 * t) + 0.3 * rng.uniform(-1, 1))


def _tick(t: float, rng: random.Random) -> float:
    return math.exp(-t * 90) * math.sin(2 * math.pi * 2200 * t) * (1 if t < 0.05 else 0)


def _buzzer(t: float, rng: random.Random) -> float:
    """The bomb's strike buzzer: a harsh low square wave, cut in two pulses."""
    square = 1.0 if math.sin(2 * math.pi * 120 * t) >= 0 else -1.0
    gate = 1.0 if (t % 0.22) < 0.17 else 0.0
    return 0.45 * square * gate * min(1.0, (0.45 - t) * 40)


def _chime(t: float, rng: random.Random) -> float:
    """The solve: three bell notes rising (C6, E6, G6), each ringing on."""
    value = 0.0
    for k, freq in enumerate((1046.5, 1318.5, 1568.0)):
        start = k * 0.12
        if t >= start:
            u = t - start
            value += math.exp(-u * 4) * (math.sin(2 * math.pi * freq * u) + 0.3 * math.sin(4 * math.pi * freq * u))
    return 0.3 * value


def _boom(t: float, rng: random.Random) -> float:
    """The explosion: a falling thump under noise, dying away over a second."""
    thump = math.sin(2 * math.pi * (60 - 25 * min(t, 1.0)) * t)
    return math.exp(-t * 3.5) * (0.6 * thump + 0.35 * rng.uniform(-1, 1) * math.exp(-t * 6))


WAVES = {"click": (_click, 0.035), "tick": (_tick, 0.06), "buzzer": (_buzzer, 0.45),
         "chime": (_chime, 1.0), "boom": (_boom, 1.2)}


def samples(name: str) -> list[float]:
    """The sound `name` as floats in -1..1 at SAMPLE_RATE (the same every time)."""
    shape, seconds = WAVES[name]
    rng = random.Random(name)
    return [max(-1.0, min(1.0, shape(i / SAMPLE_RATE, rng))) for i in range(int(seconds * SAMPLE_RATE))]


def wav_bytes(name: str) -> bytes:
    """The sound `name` as a 16-bit mono WAV file in memory."""
    data = samples(name)
    out = io.BytesIO()
    with wave.open(out, "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(SAMPLE_RATE)
        file.writeframes(struct.pack(f"<{len(data)}h", *(int(v * 32767) for v in data)))
    return out.getvalue()


class Sounds:
    """Plays the window's sounds unless muted; `heard` records what was asked for (tests read it)."""

    def __init__(self, muted: bool = False):
        self.muted = muted
        self.heard: list[str] = []
        self._sources: dict = {}
        self._wavs: dict[str, bytes] = {}
        self._broken = False
        self._last_click = -1.0
        self._maker: threading.Thread | None = None

    def prepare(self) -> None:
        """Load the audio driver and start making the samples (the window calls this once it
        shows its first frame). The samples take about half a second of Python, made aside
        so the window goes on; a sound asked for before it is ready is skipped."""
        if self._maker is not None:
            return
        self._maker = threading.Thread(target=self._make_all, daemon=True)
        self._maker.start()
        try:
            import pyglet.media  # noqa: F401  (finding the driver takes a moment: not mid-game)
        except Exception:
            self._broken = True

    def _make_all(self) -> None:
        for name in SOUNDS:
            self._wavs[name] = wav_bytes(name)

    def toggle(self) -> bool:
        """M: mute or unmute; True when the sound is now on."""
        self.muted = not self.muted
        return not self.muted

    def click(self, now: float, speed: float) -> None:
        """One seed dropped at window time `now`: quieter as the animation gets faster,
        and never two clicks closer than CLICK_GAP (at x16 they would be a buzz)."""
        if now - self._last_click < CLICK_GAP:
            return
        self._last_click = now
        self.play("click", volume=0.5 / max(1.0, speed) ** 0.35)

    def play(self, name: str, volume: float = 1.0) -> None:
        if len(self.heard) < 1000:
            self.heard.append(name)
        if self.muted or self._broken:
            return
        self.prepare()
        if name not in self._wavs:
            return
        try:
            player = self._source(name).play()
            player.volume = volume
        except Exception:  # no device, no driver, a driver that fails: silence, never an error
            self._broken = True

    def _source(self, name: str):
        if name not in self._sources:
            import pyglet

            self._sources[name] = pyglet.media.load(f"{name}.wav", file=io.BytesIO(self._wavs[name]), streaming=False)
        return self._sources[name]
