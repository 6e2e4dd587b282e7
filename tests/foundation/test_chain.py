"""bot.systems.base.chain: several rules steps as one action."""

from bot.systems.base import Event, Offer, Outcome, chain


def step(n: int, offer: bool = False):
    def run(state: list[int]) -> Outcome:
        return Outcome(
            state=[*state, n],
            events=[Event(key=f"e{n}")],
            offers=[Offer(action=f"o{n}", label_key="x")] if offer else [],
        )

    return run


def test_each_step_gets_the_previous_state_and_events_add_up() -> None:
    out = chain([], [step(1, offer=True), step(2), step(3, offer=True)], summary="three")
    assert out.state == [1, 2, 3]
    assert [e.key for e in out.events] == ["e1", "e2", "e3"]
    assert [o.action for o in out.offers] == ["o3"]
    assert out.summary == "three"


def test_no_steps_leave_the_state_as_it_was() -> None:
    assert chain([7], []).state == [7]
