"""Class mode without Streamlit: the questions a teacher asks a class, the marking of the answers, and the address pupils join at."""
