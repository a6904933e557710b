#pragma once
// Reading on a second thread. An import is two jobs: parsing and checking the input, and writing
// it to SQLite (which one connection does on one thread); on the benchmark's JSON Lines the first
// is about two thirds of the second, so on two cores it runs beside it. The reader runs ahead through a bounded queue; what it
// reads reaches the writer in input order, problems and skipped rows included.
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

namespace gpuclusters::ledger {

template <typename Item>
class ReadAhead {
public:
    struct Problem {
        std::string text;
        bool of_a_row = true;  ///< false: the input as a whole (unreadable, a bad header): no row is counted
    };
    struct Skipped {
        std::string place, reason;
    };
    using Event = std::variant<Item, Problem, Skipped>;

    /// What the reading thread writes to.
    class Queue {
    public:
        void item(Item item) { owner_.push(Event(std::in_place_index<0>, std::move(item))); }
        void problem(std::string text, bool of_a_row = true) {
            owner_.push(Event(std::in_place_index<1>, Problem{std::move(text), of_a_row}));
        }
        void skipped(std::string place, std::string reason) {
            owner_.push(Event(std::in_place_index<2>, Skipped{std::move(place), std::move(reason)}));
        }
        /// An item the writer recycled, to fill again (its buffers are warm), when there is one.
        bool reuse(Item& into) { return owner_.take_recycled(into); }
        /// Whether the writer lags: half the queue or more waits for it.
        bool writer_behind() { return owner_.waiting() * 2 >= owner_.capacity_; }

    private:
        friend class ReadAhead;
        explicit Queue(ReadAhead& owner) : owner_(owner) {}
        ReadAhead& owner_;
    };

    /// Starts `read` on its own thread. `capacity` events may wait: the memory of a few records.
    static constexpr std::size_t default_capacity = 512;
    explicit ReadAhead(std::function<void(Queue&)> read, std::size_t capacity = default_capacity)
        : capacity_(capacity), thread_([this, read = std::move(read)] { run(read); }) {}

    ReadAhead(const ReadAhead&) = delete;
    ReadAhead& operator=(const ReadAhead&) = delete;

    /// Stops a reader that is still going (the writer failed) and waits for its thread.
    ~ReadAhead() {
        {
            std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        space_.notify_all();
        thread_.join();
    }

    /// Gives items the writer is done with back to the reading thread, which frees them while
    /// the writer goes on: their memory returns to the thread that allocated it, off the path
    /// of the slower thread.
    void give_back(std::vector<Item>&& items) {
        std::lock_guard lock(mutex_);
        returned_.push_back(std::move(items));
    }

    /// Gives items the writer is done with back for the reading thread to fill again (reuse):
    /// neither thread allocates them anew nor frees memory the other allocated.
    void recycle(std::vector<Item>&& items) {
        std::lock_guard lock(mutex_);
        for (auto& item : items) {
            if (recycled_.size() < capacity_) recycled_.push_back(std::move(item));
        }
    }

    /// Hands every event to `deliver`, in order, until the reader is done; rethrows what the
    /// reader threw, after the events it queued before.
    void drain(const std::function<void(Event&)>& deliver) {
        Event event;
        while (next(event)) deliver(event);
    }

private:
    // The next event, in order (false once the reader is done); rethrows what the reader threw,
    // after the events it queued before.
    bool next(Event& event) {
        if (batch_.empty()) {
            std::exception_ptr failure;
            bool done = false;
            {
                std::unique_lock lock(mutex_);
                ready_.wait(lock, [&] { return !events_.empty() || finished_; });
                // Everything waiting is taken at once: one lock per batch, not per record.
                batch_.swap(events_);
                done = finished_ && batch_.empty();
                failure = failure_;
            }
            space_.notify_one();
            if (done) {
                if (failure) std::rethrow_exception(failure);
                return false;
            }
        }
        event = std::move(batch_.front());
        batch_.pop_front();
        return true;
    }

    // Thrown through the reader to unwind it when the writer has stopped listening.
    struct Stopped {};

    void push(Event event) {
        std::vector<std::vector<Item>> returned;
        std::unique_lock lock(mutex_);
        space_.wait(lock, [&] { return events_.size() < capacity_ || stopping_; });
        if (stopping_) throw Stopped{};
        events_.push_back(std::move(event));
        returned.swap(returned_);
        lock.unlock();
        ready_.notify_one();
    }  // `returned` is freed here, on this thread, without the lock

    std::size_t waiting() {
        std::lock_guard lock(mutex_);
        return events_.size();
    }

    bool take_recycled(Item& into) {
        std::lock_guard lock(mutex_);
        if (recycled_.empty()) return false;
        into = std::move(recycled_.back());
        recycled_.pop_back();
        return true;
    }

    void run(const std::function<void(Queue&)>& read) {
        std::exception_ptr failure;
        try {
            Queue queue(*this);
            read(queue);
        } catch (const Stopped&) {
        } catch (...) {
            failure = std::current_exception();
        }
        {
            std::lock_guard lock(mutex_);
            finished_ = true;
            failure_ = failure;
        }
        ready_.notify_one();
    }

    std::mutex mutex_;
    std::condition_variable ready_, space_;
    std::deque<Event> events_;
    std::deque<Event> batch_;  ///< taken by the writer, not yet handed out (its thread's alone)
    std::vector<std::vector<Item>> returned_;
    std::vector<Item> recycled_;
    std::size_t capacity_;
    bool finished_ = false, stopping_ = false;
    std::exception_ptr failure_;
    std::thread thread_;  // last: started once everything it uses exists
};

}  // namespace gpuclusters::ledger
